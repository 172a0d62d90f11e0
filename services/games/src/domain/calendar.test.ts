import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixturesForSlot, roundPairs, showcaseSlots, slotAt, slotKickoff, squadOf } from './calendar';
import { LEAGUES } from './leagues';
import { MAX_MATCH_CLOCK } from './match';

const params = (seed: number) => ({ seed, slotMinutes: 20, matchesPerSlot: 2 });

describe('rolling calendar', () => {
  it('is a pure function of seed and slot', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (seed, slot) => {
          expect(fixturesForSlot(params(seed), slot, 10)).toEqual(fixturesForSlot(params(seed), slot, 10));
        },
      ),
    );
  });

  it('round-robin rounds pair every team exactly once, and a season meets every pair home and away', () => {
    for (const n of [16, 18, 20]) {
      const met = new Map<string, number>();
      for (let r = 0; r < n - 1; r++) {
        const seen = new Set<number>();
        for (const [h, a] of roundPairs(n, r)) {
          expect(h).not.toBe(a);
          seen.add(h).add(a);
          const key = [Math.min(h, a), Math.max(h, a)].join('-');
          met.set(key, (met.get(key) ?? 0) + 1);
        }
        expect(seen.size).toBe(n);
      }
      expect(met.size).toBe((n * (n - 1)) / 2);
      expect([...met.values()].every((v) => v === 1)).toBe(true);
    }
  });

  it('never books a club into two matches that overlap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (seed, start) => {
          const lastKickoff = new Map<string, number>();
          for (let slot = start; slot < start + 400; slot++) {
            const fixtures = fixturesForSlot(params(seed), slot, 1);
            const inSlot = new Set<string>();
            for (const f of fixtures) {
              expect(f.homeTeam).not.toBe(f.awayTeam);
              for (const team of [f.homeTeam, f.awayTeam]) {
                expect(inSlot.has(team)).toBe(false);
                inSlot.add(team);
                const prev = lastKickoff.get(team);
                if (prev !== undefined) expect((slot - prev) * 20).toBeGreaterThan(MAX_MATCH_CLOCK);
                lastKickoff.set(team, slot);
              }
            }
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('plays every league and every club', () => {
    const teams = new Set<string>();
    const leagues = new Set<string>();
    for (let slot = 0; slot < LEAGUES.length * 20; slot++) {
      for (const f of fixturesForSlot(params(7), slot, 1)) {
        leagues.add(f.league);
        teams.add(f.homeTeam).add(f.awayTeam);
      }
    }
    expect(leagues).toContain('Nigeria Premier Football League');
    expect(leagues.size).toBe(LEAGUES.length);
    expect(teams.size).toBe(LEAGUES.reduce((s, l) => s + l.teams.length, 0));
  });

  it('maps slots to kick-off times and back at any speed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(1, 10, 60, 600), (slot, speed) => {
        expect(slotAt(slotKickoff(slot, speed, 20), speed, 20)).toBe(slot);
      }),
    );
  });

  it('books matches of every league on each of the next seven days, whatever the start and speed', () => {
    const day = 86_400_000;
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.constantFrom(1, 10, 60),
        (now, speed) => {
          const today = Math.floor(now / day) * day;
          const slots = showcaseSlots(today, today + 8 * day, speed, 20);
          for (let d = 0; d < 8; d++) {
            const onDay = slots
              .filter((s) => Math.floor(slotKickoff(s, speed, 20) / day) * day === today + d * day)
              .flatMap((s) => fixturesForSlot(params(7), s, speed));
            expect(onDay.length, `day ${d}`).toBeGreaterThanOrEqual(LEAGUES.length);
            expect(new Set(onDay.map((f) => f.league)).size).toBe(LEAGUES.length);
          }
          const weekend = slots.filter((s) =>
            [0, 6].includes(new Date(slotKickoff(s, speed, 20)).getUTCDay()),
          );
          expect(weekend.length).toBeGreaterThan(slots.length / 3);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('gives every club a squad of 18 distinct players', () => {
    for (const l of LEAGUES)
      for (const t of l.teams) {
        const squad = squadOf(t.name, l.names);
        expect(new Set(squad).size).toBe(18);
      }
  });
});
