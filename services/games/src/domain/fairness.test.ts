import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { squadOf } from './calendar';
import { MAX_MATCH_CLOCK, playUntil, startMatch } from './match';
import { matchKey } from './rng';

/**
 * Issue 13 item 1: simulated results must not be predictable from public data. Every input
 * of a match but the deployment's secret is public (the calendar key, the teams, the model's
 * expected goals), so an attacker's best prediction is the engine run under a guessed secret.
 */
const lambdas = { home: 1.5, away: 1.1 };
const fixtures = Array.from({ length: 300 }, (_, i) => `2026:slot-${i}:Arsenal-Chelsea`);

function finalScore(secret: string, fixture: string): string {
  const start = startMatch({
    lambdas,
    homeSquad: squadOf('Arsenal'),
    awaySquad: squadOf('Chelsea'),
    key: matchKey(secret, fixture),
  });
  const { state } = playUntil(start, MAX_MATCH_CLOCK + 5);
  return `${state.score.home}-${state.score.away}`;
}

const secret = () => randomBytes(16).toString('hex');
const agreement = (a: string[], b: string[]) => a.filter((s, i) => s === b[i]).length / a.length;

describe('simulated matches under a secret', () => {
  it('replay identically under the same secret (a restart resumes the same match)', () => {
    const s = secret();
    expect(fixtures.slice(0, 20).map((f) => finalScore(s, f))).toEqual(
      fixtures.slice(0, 20).map((f) => finalScore(s, f)),
    );
  });

  it('cannot be predicted without the secret: a guessed secret does no better than chance', () => {
    const real = secret();
    const results = fixtures.map((f) => finalScore(real, f));
    const guessed = fixtures.map((f) => finalScore(secret(), f));
    // chance: how often two independent deployments happen to agree on an exact score
    const other = fixtures.map((f) => finalScore(secret(), f));
    const chance = agreement(guessed, other);
    const hit = agreement(results, guessed);
    expect(chance).toBeLessThan(0.25);
    // 300 matches: the standard error of either rate is under 2.5 points
    expect(hit).toBeLessThan(chance + 0.1);
    expect(hit).toBeLessThan(0.25);
  });

  it('differ between two deployments with different secrets', () => {
    const a = fixtures.slice(0, 100).map((f) => finalScore(secret(), f));
    const b = fixtures.slice(0, 100).map((f) => finalScore(secret(), f));
    expect(agreement(a, b)).toBeLessThan(0.3);
  });

  it('refuses a key shorter than 128 bits', () => {
    expect(() =>
      startMatch({
        lambdas,
        homeSquad: squadOf('Arsenal'),
        awaySquad: squadOf('Chelsea'),
        key: 'ab'.repeat(8 - 1),
      }),
    ).toThrow(/128 bits/);
  });
});
