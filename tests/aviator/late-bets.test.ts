import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcilePlatform } from '../../infra/src/reconciliation/read';
import { reconcile } from '../../services/wallet/src/store/reconcile';
import { api, balance, latest, player, roundWhere, type Stack, startStack } from './stack';

/**
 * Issue 30, item 1: bets aimed at the last milliseconds of the betting window. Each one either
 * flies (in the lift-off's list: an exit fixed, counted in the round's totals) or is refused
 * and its stake given back; never `active` in a running round without an exit, never a stake
 * kept for a bet that did not fly. Both modes: PGlite (one connection, turns) and Postgres.
 */
const PLAYERS = 8;
const ROUNDS = 6;
const FUNDS = 100;

describe.each(['embedded', 'cluster'] as const)('bets at the end of the betting window (%s)', (kind) => {
  let s: Stack;
  beforeAll(async () => {
    s = await startStack({ AVIATOR_RECONCILE_MS: '100', AVIATOR_MAX_WIN: '50' }, undefined, kind);
  }, 120_000);
  afterAll(async () => {
    await s?.close();
  });

  it('either fly with an exit and in the totals, or are refused and cost nothing', async () => {
    const players = await Promise.all(Array.from({ length: PLAYERS }, () => player(s, FUNDS)));
    // every answer per round, player and panel: a panel may be asked twice for one round (a
    // bet held for it from the last flight, then this round's own try, refused)
    const answers = new Map<string, number[]>();
    for (let r = 0; r < ROUNDS; r++) {
      const round = await roundWhere(s, (c) => c > 110);
      // two bets per player spread over ~170 ms; the window closes somewhere among them (time
      // is the scenario: the bets are aimed at the window's end)
      let firstAnswer!: () => void;
      const answered = new Promise<void>((go) => {
        firstAnswer = go;
      });
      const bets = players.flatMap((p, i) =>
        [1, 2].map(
          (panel) =>
            new Promise<void>((done) => {
              // time is the scenario: this bet's moment in the spread
              setTimeout(
                async () => {
                  const res = await api(s.aviator, 'POST', '/api/v1/aviator/place-bet', p.auth, {
                    stake: 1,
                    panel,
                  });
                  // placed after the lift-off, a bet is held for the next round (issue 35)
                  const key = `${res.body.roundId ?? round.id}:${p.id}:${panel}`;
                  answers.set(key, [...(answers.get(key) ?? []), res.status]);
                  firstAnswer();
                  done();
                },
                (i * 2 + panel) * 10,
              );
            }),
        ),
      );
      // the window closes once the first bet is through (so some fly), with the rest in flight:
      // a little later each round (time is the scenario)
      await answered;
      await new Promise((go) => setTimeout(go, r * 15));
      s.clock.set(round.betting_ends_at.getTime());
      await Promise.all(bets);
      await eventually(async () => (await latest(s.aviator)).state !== 'betting', 10_000);

      const row = await s.aviator.ctx.db
        .selectFrom('rounds')
        .selectAll()
        .where('id', '=', round.id)
        .executeTakeFirstOrThrow();
      const rows = await s.aviator.ctx.db
        .selectFrom('bets')
        .selectAll()
        .where('round_id', '=', round.id)
        .execute();
      const flown = rows.filter((b) => b.status !== 'rejected');
      // every bet in the air has its forced exit (auto cash-out, max win or round cap)
      for (const b of flown) expect(b.target, `bet ${b.id} flies without an exit`).not.toBeNull();
      expect(rows.filter((b) => b.status === 'placing')).toEqual([]);
      // the round's totals are its flown bets
      expect(row.bets).toBe(flown.length);
      expect(BigInt(row.staked_cents)).toBe(flown.reduce((t, b) => t + BigInt(b.stake_cents), 0n));
      // and each player was told the truth: what flies on a panel is exactly what answered 201
      // (a 409 flies nothing: refused before a row, or its row rejected)
      for (const key of new Set(rows.map((b) => `${round.id}:${b.user_id}:${b.panel}`))) {
        const flying = rows.filter(
          (b) => `${round.id}:${b.user_id}:${b.panel}` === key && b.status !== 'rejected',
        );
        const told = (answers.get(key) ?? []).filter((x) => x === 201).length;
        expect(flying.length, key).toBe(told);
      }
      // let it fly to its end (every bet settled) before the next round
      s.clock.advance(3_600_000);
      await eventually(async () => (await latest(s.aviator)).state === 'crashed', 10_000);
    }
    const statuses = [...answers.values()].flat();
    expect(statuses.filter((x) => ![201, 409].includes(x))).toEqual([]);
    const accepted = statuses.filter((x) => x === 201).length;
    const refused = statuses.filter((x) => x === 409).length;
    expect(accepted).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);

    // money: each player paid exactly the stakes that flew (or are held for the next round)
    // and got exactly their payouts
    const all = await s.aviator.ctx.db
      .selectFrom('bets')
      .selectAll()
      .where(
        'user_id',
        'in',
        players.map((p) => p.id),
      )
      .execute();
    await eventually(
      async () =>
        (await s.aviator.ctx.db.selectFrom('bets').select('id').where('refund_state', '=', 'due').execute())
          .length === 0,
      15_000,
    );
    for (const p of players) {
      const mine = all.filter((b) => b.user_id === p.id && b.status !== 'rejected');
      const cents =
        FUNDS * 100 - mine.reduce((t, b) => t + Number(b.stake_cents) - Number(b.payout_cents ?? 0), 0);
      await eventually(async () => Math.round((await balance(s, p.auth)) * 100) === cents, 15_000);
    }

    // and both reconciliations agree, Aviator included (item 6)
    // Aviator's rows are stamped by the test's clock (hours ahead of the wall clock)
    const platform = () =>
      reconcilePlatform(s.betting.ctx.db, s.wallet.ctx.db, {
        graceMs: 0,
        now: () => new Date(s.clock.now() + 3_600_000),
        aviator: s.aviator.ctx.db,
      });
    await eventually(async () => (await platform()).ok, 15_000);
    const checks = (await platform()).checks.filter((c) => c.name.startsWith('aviator-'));
    // holds: the bets held for the round after the last one, if any
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['aviator-bets-moved-money', true],
      ['aviator-holds-belong-to-active-bets', true],
      ['aviator-round-totals', true],
    ]);
    const wallet = await reconcile(s.wallet.ctx.db);
    expect(wallet.checks.find((c) => c.name === 'aviator-stakes')).toMatchObject({ ok: true });
    expect(wallet.ok).toBe(true);
  }, 180_000);
});
