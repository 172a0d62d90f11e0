import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { BetsPlaced, validate } from '@bet/proto-events';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { betsOf, call, Games, type Harness, player, setLimits, startHarness } from './harness';

let h: Harness;
let games: Games;

beforeAll(async () => {
  h = await startHarness();
  games = new Games(h);
});
afterAll(async () => h?.close());

const countBets = async (userId: string) =>
  Number(
    (
      await h.svc.ctx.db
        .selectFrom('bets')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('placing bets', () => {
  it('places singles together with one debit for the total, at the server prices', async () => {
    const g1 = await games.create();
    const g2 = await games.create({ odds: { home: 1.5, draw: 4, away: 6.25 } });
    const p = await player(h, 10_000);
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 12.5,
      selections: [
        { gameId: g1._id, outcome: 'Draw' },
        { gameId: g2._id, outcome: 'B' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body.msg).toBe('Bets placed successfully!');
    expect(res.body.bets).toHaveLength(2);
    const [a, b] = res.body.bets;
    expect(a).toMatchObject({
      betType: 'single',
      stake: 12.5,
      totalOdds: 3.2,
      potentialPayout: 40,
      status: 'pending',
      payout: 0,
      settledAt: null,
      selections: [
        {
          gameId: g1._id,
          game: {
            _id: g1._id,
            homeTeam: 'Enyimba',
            awayTeam: 'Rivers United',
            status: 'upcoming',
            league: g1.league,
          },
          outcome: 'Draw',
          odds: 3.2,
          result: null,
        },
      ],
    });
    expect(a._id).toMatch(/^[0-9a-f]{24}$/);
    expect(b).toMatchObject({ totalOdds: 6.25, potentialPayout: 78.12 });
    // one debit for both, keyed on the set
    const debits = h.wallet.debits.filter((d) => d.userId === p.id);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amountCents: 2500, type: 'bet', description: '2 single bets' });
    expect(debits[0].idempotencyKey).toMatch(/^betset:[0-9a-f]{24}$/);
    // held per bet, so each settles on its own
    expect(debits[0].holds).toEqual([
      { reference: res.body.bets[0]._id, amountCents: 1250 },
      { reference: res.body.bets[1]._id, amountCents: 1250 },
    ]);
    expect(h.wallet.balance(p.id)).toBe(7500);
    await eventually(() => betsOf(h, BetsPlaced.subject).filter((e) => e.data.userId === p.id).length === 2);
    for (const e of betsOf(h, BetsPlaced.subject).filter((x) => x.data.userId === p.id)) {
      expect(validate(BetsPlaced.schema, e.data)).toEqual([]);
    }
    const placed = betsOf(h, BetsPlaced.subject, a._id)[0].data;
    expect(placed).toMatchObject({
      betType: 'single',
      stakeCents: 1250,
      totalOddsHundredths: 320,
      potentialPayoutCents: 4000,
    });
    expect(placed.selections).toEqual([{ gameId: g1._id, outcome: 'Draw', oddsHundredths: 320 }]);
  });

  it('places a multi with one debit keyed on the bet id', async () => {
    const gs = await Promise.all([
      games.create(),
      games.create(),
      games.create({ odds: { home: 1.33, draw: 4.5, away: 8 } }),
    ]);
    const p = await player(h);
    const res = await call(h, 'POST', '/api/v1/bets/multi', p.auth, {
      stake: 10,
      selections: gs.map((g) => ({ gameId: g._id, outcome: 'A' })),
    });
    expect(res.status).toBe(201);
    const [bet] = res.body.bets;
    // 2.10 × 2.10 × 1.33 = 5.8653
    expect(bet).toMatchObject({
      betType: 'multi',
      stake: 10,
      totalOdds: 5.86,
      potentialPayout: 58.65,
      status: 'pending',
    });
    expect(bet.selections.map((s: any) => s.odds)).toEqual([2.1, 2.1, 1.33]);
    const debit = h.wallet.debits.find((d) => d.userId === p.id)!;
    expect(debit).toMatchObject({
      idempotencyKey: `bet:${bet._id}`,
      amountCents: 1000,
      description: 'Multi bet (3 selections)',
    });
  });

  it('never takes prices from the client: its odds are only the quote the slip showed', async () => {
    const g = await games.create();
    const p = await player(h);
    const slip = (extra: Record<string, unknown> = {}) =>
      call(h, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: 1,
        selections: [{ gameId: g._id, outcome: 'A', odds: 50 }],
        ...extra,
      });
    // a quote that is not the server's price refuses the bet (betting-008)
    const res = await slip();
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('The odds have changed. Please review your bet slip and try again.');
    expect(await countBets(p.id)).toBe(0);
    // "accept any" takes the bet at the server's price, never at the quote
    const taken = await slip({ oddsChange: 'any' });
    expect(taken.status).toBe(201);
    expect(taken.body.bets[0]).toMatchObject({ totalOdds: 2.1 });
    // any other field in a selection is still refused
    const other = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 1,
      selections: [{ gameId: g._id, outcome: 'A', price: 50 }],
    });
    expect(other.status).toBe(400);
    expect(await countBets(p.id)).toBe(1);
  });

  it('refuses a pre-match bet after kick-off while the game still says upcoming, taking no money', async () => {
    const g = await games.create({ matchDate: new Date(Date.now() - 30 * 60_000).toISOString() });
    const p = await player(h, 10_000);
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 5,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(`Betting on ${g.homeTeam} vs ${g.awayTeam} closed at kick-off.`);
    expect(await countBets(p.id)).toBe(0);
    expect(h.wallet.balance(p.id)).toBe(10_000);
  });

  it('takes a stake written as a strict decimal string, exactly', async () => {
    const g = await games.create();
    const p = await player(h, 10_000);
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: '7.10',
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.bets[0].stake).toBe(7.1);
  });

  it('needs a signed-in user', async () => {
    const res = await call(h, 'POST', '/api/v1/bets/multi', {}, { stake: 1, selections: [] });
    expect(res.status).toBe(401);
  });

  describe('refuses bad slips with a clear message, moving no money and writing nothing', async () => {
    const open = Array.from({ length: 11 }, () => newId());
    const cases: Array<[string, 'singles' | 'multi', () => Promise<unknown>, number, string | RegExp]> = [
      [
        'no selections',
        'singles',
        async () => ({ stakePerBet: 5, selections: [] }),
        400,
        'Please add selections and enter a valid stake.',
      ],
      [
        'no stake',
        'multi',
        async () => ({ selections: await picks(2) }),
        400,
        'Please add selections and enter a valid stake.',
      ],
      [
        'a zero stake',
        'singles',
        async () => ({ stakePerBet: 0, selections: await picks(1) }),
        400,
        'Please add selections and enter a valid stake.',
      ],
      [
        'a negative stake',
        'multi',
        async () => ({ stake: -5, selections: await picks(2) }),
        400,
        'Please add selections and enter a valid stake.',
      ],
      [
        'a three-decimal stake',
        'singles',
        async () => ({ stakePerBet: 1.005, selections: await picks(1) }),
        400,
        'The stake can have at most two decimals.',
      ],
      [
        'a stake that is not a number',
        'singles',
        async () => ({ stakePerBet: 'lots', selections: await picks(1) }),
        400,
        'stakePerBet must be a number',
      ],
      [
        'a stake positive but under a cent (once a 500)',
        'singles',
        async () => ({ stakePerBet: 1e-10, selections: await picks(1) }),
        400,
        'Please add selections and enter a valid stake.',
      ],
      ...(['0x10', '0b11', ' ', true, [5], null] as unknown[]).map(
        (stake): [string, 'singles' | 'multi', () => Promise<unknown>, number, string] => [
          `a stake of ${JSON.stringify(stake)} (no coercion of a body)`,
          'multi',
          async () => ({ stake, selections: await picks(2) }),
          400,
          'stake must be a number',
        ],
      ),
      [
        '11 selections',
        'multi',
        async () => ({ stake: 1, selections: await picks(11) }),
        400,
        'You can only have a maximum of 10 selections in a multi-bet.',
      ],
      [
        '11 singles',
        'singles',
        async () => ({ stakePerBet: 1, selections: await picks(11) }),
        400,
        'You can only have a maximum of 10 selections in a multi-bet.',
      ],
      [
        'a one-leg multi',
        'multi',
        async () => ({ stake: 1, selections: await picks(1) }),
        400,
        'Add at least one more selection to create a multi-bet.',
      ],
      [
        'two picks on one game',
        'multi',
        async () => {
          const [s] = await picks(1);
          return { stake: 1, selections: [s, { ...s, outcome: 'B' }] };
        },
        400,
        'You can only pick one outcome per game.',
      ],
      [
        'a malformed game id',
        'singles',
        async () => ({ stakePerBet: 1, selections: [{ gameId: '12345', outcome: 'A' }] }),
        400,
        'This game cannot be selected due to an invalid ID.',
      ],
      [
        'an unknown game',
        'singles',
        async () => ({ stakePerBet: 1, selections: [{ gameId: open[0], outcome: 'A' }] }),
        422,
        'One of the selected games does not exist.',
      ],
      [
        'an unknown outcome',
        'singles',
        async () => ({ stakePerBet: 1, selections: [{ gameId: open[0], outcome: 'X' }] }),
        400,
        'selections[0].outcome must be one of: A, Draw, B',
      ],
      [
        'a finished game',
        'singles',
        async () => {
          const g = await games.create();
          await games.update({ ...g, status: 'finished', result: 'A' });
          return { stakePerBet: 1, selections: [{ gameId: g._id, outcome: 'A' }] };
        },
        422,
        'Enyimba vs Rivers United has finished; betting is closed.',
      ],
      [
        'a cancelled game',
        'multi',
        async () => {
          const g = await games.create();
          await games.cancel(g._id);
          await eventually(
            async () =>
              (
                await h.svc.ctx.db
                  .selectFrom('games')
                  .select('status')
                  .where('id', '=', g._id)
                  .executeTakeFirst()
              )?.status === 'cancelled',
          );
          return { stake: 1, selections: [...(await picks(1)), { gameId: g._id, outcome: 'A' }] };
        },
        422,
        'Enyimba vs Rivers United has been cancelled.',
      ],
      [
        'a live game without in-play odds',
        'singles',
        async () => {
          const g = await games.create();
          await games.update({ ...g, status: 'live', elapsedTime: 3 });
          return { stakePerBet: 1, selections: [{ gameId: g._id, outcome: 'A' }] };
        },
        422,
        'Betting on Enyimba vs Rivers United is suspended until in-play odds are available.',
      ],
      [
        'a stake over the maximum',
        'singles',
        async () => ({ stakePerBet: 10_000.01, selections: await picks(1) }),
        422,
        'The maximum stake per bet is $10,000.00.',
      ],
      [
        'a payout over the maximum',
        'multi',
        async () => ({ stake: 10_000, selections: await picks(10) }),
        422,
        'The potential payout of a bet cannot exceed $250,000.00; lower the stake.',
      ],
      [
        'a stake over the balance',
        'singles',
        async () => ({ stakePerBet: 5_000, selections: await picks(1) }),
        422,
        'Insufficient balance',
      ],
    ];
    async function picks(n: number) {
      const gs = await Promise.all(Array.from({ length: n }, () => games.create()));
      return gs.map((g) => ({ gameId: g._id, outcome: 'A' as const }));
    }
    it.each(cases)('%s', async (_, kind, body, status, msg) => {
      const p = await player(h, 100_000);
      const res = await call(h, 'POST', `/api/v1/bets/${kind}`, p.auth, await body());
      expect(res.status).toBe(status);
      if (typeof msg === 'string') expect(res.body.msg).toBe(msg);
      else expect(res.body.msg).toMatch(msg);
      expect(h.wallet.balance(p.id)).toBe(100_000);
      const visible = await call(h, 'GET', '/api/v1/bets', p.auth);
      expect(visible.body.bets).toEqual([]);
      if (status === 400) expect(await countBets(p.id)).toBe(0);
    });
  });

  it('accepts a live game once in-play odds arrived, at the in-play price', async () => {
    const g = await games.live(await games.create(), { home: 1.4, draw: 4.2, away: 7.5 });
    const p = await player(h);
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 2,
      selections: [{ gameId: g._id, outcome: 'B' }],
    });
    expect(res.status).toBe(201);
    expect(res.body.bets[0]).toMatchObject({ totalOdds: 7.5, potentialPayout: 15 });
    // the wallet's balance after the stake comes back with the bet (no second read)
    expect(res.body.balance).toBe(998);
    expect(h.wallet.balance(p.id)).toBe(99_800);
    // the games service was asked to vouch for the live price, and only for the live game
    expect(h.liveCheck.asked.at(-1)).toEqual([g._id]);
  });

  it('refuses a live game whose in-play price games no longer vouches for, and any live bet when games is silent', async () => {
    const g = await games.live(await games.create(), { home: 1.4, draw: 4.2, away: 7.5 });
    const up = await games.create();
    const p = await player(h);
    const slip = {
      stake: 2,
      selections: [
        { gameId: up._id, outcome: 'A' },
        { gameId: g._id, outcome: 'B' },
      ],
    };
    h.liveCheck.suspended.add(g._id);
    try {
      const res = await call(h, 'POST', '/api/v1/bets/multi', p.auth, slip);
      expect(res.status).toBe(422);
      expect(res.body.msg).toBe(
        'Betting on Enyimba vs Rivers United is suspended while its in-play prices update. Please try again in a moment.',
      );
    } finally {
      h.liveCheck.suspended.delete(g._id);
    }
    h.liveCheck.silent = true;
    try {
      const res = await call(h, 'POST', '/api/v1/bets/multi', p.auth, slip);
      expect(res.status).toBe(503);
      expect(res.body.msg).toBe(
        'Live betting is unavailable right now; no money was taken. Please try again.',
      );
    } finally {
      h.liveCheck.silent = false;
    }
    expect(h.wallet.balance(p.id)).toBe(100_000);
    expect(await countBets(p.id)).toBe(0);
    // a pre-match bet never waits for games
    const asked = h.liveCheck.asked.length;
    expect(
      (
        await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 1,
          selections: [slip.selections[0]],
        })
      ).status,
    ).toBe(201);
    expect(h.liveCheck.asked.length).toBe(asked);
  });
});

describe('time-out and self-exclusion (mirrored from identity)', () => {
  const onBreak = (until: Date) => ({
    exclusion: { kind: 'time_out' as const, startedAt: new Date().toISOString(), until: until.toISOString() },
    depositLimits: { daily: { limit: 0 }, weekly: { limit: 0 }, monthly: { limit: 0 } },
    realityCheckMinutes: 0,
  });
  const noLimits = { weeklyBetCount: { limit: 0 }, weeklyStakeAmount: { limit: 0 } };

  it('refuses every stake, sportsbook and Aviator, until the break ends', async () => {
    const p = await player(h);
    const g = await games.create();
    const until = new Date(Date.now() + 3_600_000);
    await setLimits(h, p.id, noLimits, p.username, onBreak(until));
    const refused = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 1,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(
      `Your account is on a break from betting until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC. You can still withdraw your balance.`,
    );
    // Aviator's stakes are counted, and so refused, here too
    const reserve = await h.infra.bus.request<{ ok: boolean; reason?: string }>('betting.reserve_stake', {
      reference: `aviator-${p.id}`,
      userId: p.id,
      username: p.username,
      stakeCents: 100,
      source: 'aviator',
    });
    expect(reserve).toMatchObject({ ok: false, reason: 'excluded' });
    expect(h.wallet.balance(p.id)).toBe(100_000);

    // once it has run out, betting is open again
    await setLimits(h, p.id, noLimits, p.username, onBreak(new Date(Date.now() - 1000)));
    expect(
      (
        await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 1,
          selections: [{ gameId: g._id, outcome: 'A' }],
        })
      ).status,
    ).toBe(201);
  });
});

describe('weekly limits (mirrored from identity)', () => {
  it('counts singles as one bet each, refuses the bet past the count, and applies a pending increase once due', async () => {
    const p = await player(h);
    await setLimits(h, p.id, {
      weeklyBetCount: {
        limit: 3,
        pending: { value: 10, effectiveAt: new Date(Date.now() + 3_600_000).toISOString() },
      },
      weeklyStakeAmount: { limit: 0 },
    });
    const gs = await Promise.all([games.create(), games.create(), games.create()]);
    const sel = gs.map((g) => ({ gameId: g._id, outcome: 'A' }));
    expect(
      (await call(h, 'POST', '/api/v1/bets/singles', p.auth, { stakePerBet: 1, selections: sel.slice(0, 2) }))
        .status,
    ).toBe(201);
    const over = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 1,
      selections: sel.slice(1, 3),
    });
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe('This would exceed your weekly limit of 3 bets (2 placed this week, 1 left).');
    expect(
      (await call(h, 'POST', '/api/v1/bets/singles', p.auth, { stakePerBet: 1, selections: sel.slice(2) }))
        .status,
    ).toBe(201);
    expect(
      (await call(h, 'POST', '/api/v1/bets/singles', p.auth, { stakePerBet: 1, selections: sel.slice(0, 1) }))
        .status,
    ).toBe(422);
    // the increase becomes due
    await setLimits(h, p.id, {
      weeklyBetCount: {
        limit: 3,
        pending: { value: 10, effectiveAt: new Date(Date.now() - 1000).toISOString() },
      },
      weeklyStakeAmount: { limit: 0 },
    });
    expect(
      (await call(h, 'POST', '/api/v1/bets/singles', p.auth, { stakePerBet: 1, selections: sel.slice(0, 1) }))
        .status,
    ).toBe(201);
  });

  it('keeps the weekly limits exact when one user fires many bets at once (placements recorded together)', async () => {
    const p = await player(h);
    await setLimits(h, p.id, { weeklyBetCount: { limit: 3 }, weeklyStakeAmount: { limit: 0 } });
    const g = await games.create();
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 1,
          selections: [{ gameId: g._id, outcome: 'A' }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r).toMatchObject({
        status: 422,
        body: { msg: expect.stringMatching(/weekly limit of 3 bets/) },
      });
  });

  it('limits the stake per week, to the cent', async () => {
    const p = await player(h);
    await setLimits(h, p.id, { weeklyBetCount: { limit: 0 }, weeklyStakeAmount: { limit: 25.5 } });
    const g = await games.create();
    const bet = (stake: number) =>
      call(h, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: stake,
        selections: [{ gameId: g._id, outcome: 'A' }],
      });
    expect((await bet(20)).status).toBe(201);
    const over = await bet(5.51);
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe(
      'This would exceed your weekly stake limit of $25.50 ($20.00 staked this week, $5.50 left).',
    );
    expect((await bet(5.5)).status).toBe(201);
  });

  it("forgets last week's bets at Monday 00:00 UTC", async () => {
    const p = await player(h);
    await setLimits(h, p.id, { weeklyBetCount: { limit: 1 }, weeklyStakeAmount: { limit: 0 } });
    const g = await games.create();
    const bet = () =>
      call(h, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: 1,
        selections: [{ gameId: g._id, outcome: 'A' }],
      });
    expect((await bet()).status).toBe(201);
    expect((await bet()).status).toBe(422);
    const { weekStart } = await import('../src/domain/week');
    const start = weekStart(new Date());
    // the same bet one millisecond inside this week still counts…
    await h.svc.ctx.db.updateTable('bets').set({ created_at: start }).where('user_id', '=', p.id).execute();
    expect((await bet()).status).toBe(422);
    // …and one millisecond before Monday 00:00 it belongs to last week
    await h.svc.ctx.db
      .updateTable('bets')
      .set({ created_at: new Date(start.getTime() - 1) })
      .where('user_id', '=', p.id)
      .execute();
    expect((await bet()).status).toBe(201);
  });
});

describe('the saga with the wallet', () => {
  it('a user with money for 3 bets firing 50 at once gets exactly 3', async () => {
    const g = await games.create();
    const p = await player(h, 3_000);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 10,
          selections: [{ gameId: g._id, outcome: 'A' }],
        }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(47);
    for (const r of refused) expect(r).toMatchObject({ status: 422, body: { msg: 'Insufficient balance' } });
    expect(h.wallet.balance(p.id)).toBe(0);
    expect((await call(h, 'GET', '/api/v1/bets', p.auth)).body.bets).toHaveLength(3);
  });

  it('accepts many placements at once (they share transactions), each bet announced once', async () => {
    const g = await games.create();
    const ps = await Promise.all(Array.from({ length: 40 }, () => player(h, 1_000)));
    const results = await Promise.all(
      ps.map((p) =>
        call(h, 'POST', '/api/v1/bets/singles', p.auth, {
          stakePerBet: 2,
          selections: [{ gameId: g._id, outcome: 'A' }],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(ps.map(() => 201));
    const ids = results.map((r) => r.body.bets[0]._id as string);
    await eventually(() => ids.every((id) => betsOf(h, BetsPlaced.subject, id).length === 1));
    for (const p of ps) expect(h.wallet.balance(p.id)).toBe(800);
    const { rows } = await sql<{ n: string }>`
      select count(*) as n from bets where id in (${sql.join(ids)}) and status = 'pending'`.execute(
      h.svc.ctx.db,
    );
    expect(Number(rows[0].n)).toBe(40);
  });

  it('a silent wallet leaves the placement to the reconciler, which finishes it with the same key', async () => {
    const g = await games.create();
    const p = await player(h, 1_000);
    h.wallet.silent = true;
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 4,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    h.wallet.silent = false;
    expect(res.status).toBe(503);
    expect(res.body.msg).toMatch(/still being confirmed/);
    expect((await call(h, 'GET', '/api/v1/bets', p.auth)).body.bets).toEqual([]);
    const accepted = await eventually(async () => {
      const list = (await call(h, 'GET', '/api/v1/bets', p.auth)).body.bets;
      return list.length === 1 && list[0];
    }, 10_000);
    expect(accepted.status).toBe('pending');
    expect(h.wallet.balance(p.id)).toBe(600);
    // the first debit went through but its answer was lost; the retry got the same outcome
    const keys = h.wallet.debits.filter((d) => d.userId === p.id).map((d) => d.idempotencyKey);
    expect(keys.length).toBeGreaterThanOrEqual(2);
    expect(new Set(keys)).toEqual(new Set([`bet:${accepted._id}`]));
    await eventually(() => betsOf(h, BetsPlaced.subject, accepted._id).length === 1);
  });

  it('a late debit for a rejected placement is refunded once, with key refund:<id>', async () => {
    const g = await games.create();
    const p = await player(h, 1_000);
    h.wallet.refuse = 'insufficient_funds';
    const res = await call(h, 'POST', '/api/v1/bets/singles', p.auth, {
      stakePerBet: 4,
      selections: [{ gameId: g._id, outcome: 'A' }],
    });
    h.wallet.refuse = null;
    expect(res.status).toBe(422);
    const [placement] = await h.svc.ctx.db
      .selectFrom('placements')
      .selectAll()
      .where('user_id', '=', p.id)
      .execute();
    expect(placement.state).toBe('rejected');
    // another attempt with the same key got through after all (a replica's retry racing the refusal)
    const { placement: saga } = h.svc.ctx as AppContext;
    h.wallet.replies.delete(placement.debit_key);
    const late = await saga.debit(placement.id);
    expect(late.ok).toBe(true);
    expect(h.wallet.balance(p.id)).toBe(600);
    expect(await saga.finish(placement.id, late)).toBe('compensate');
    expect(await saga.finish(placement.id, late)).toBe('compensate');
    expect(h.wallet.balance(p.id)).toBe(1_000);
    // the reconciler may ask too: the same key, so the money moves once
    const refunds = h.wallet.credits.filter((c) => c.userId === p.id);
    expect(new Set(refunds.map((c) => c.idempotencyKey))).toEqual(new Set([`refund:${placement.id}`]));
    expect(refunds[0]).toMatchObject({ type: 'refund', amountCents: 400 });
    expect((await call(h, 'GET', '/api/v1/bets', p.auth)).body.bets).toEqual([]);
  });
});

describe('without any wallet', () => {
  it('refuses at once with 503 and takes no money when nobody answers debits', async () => {
    const lonely = await startHarness({ wallet: false });
    try {
      const g = await new Games(lonely).create();
      const p = await player(lonely);
      const res = await call(lonely, 'POST', '/api/v1/bets/singles', p.auth, {
        stakePerBet: 1,
        selections: [{ gameId: g._id, outcome: 'A' }],
      });
      expect(res).toMatchObject({
        status: 503,
        body: { msg: 'The wallet is unavailable right now; no money was taken. Please try again.' },
      });
      const rows = await lonely.svc.ctx.db
        .selectFrom('placements')
        .selectAll()
        .where('user_id', '=', p.id)
        .execute();
      expect(rows.map((r) => [r.state, r.reject_reason])).toEqual([['rejected', 'wallet_unavailable']]);
    } finally {
      await lonely.close();
    }
  });
});

/**
 * Issue 32 item 5: live trading that protects the house (betting-008). An in-play bet waits
 * LIVE_ACCEPT_DELAY_MS, its market and price are checked again, and only then is it recorded
 * and the stake taken; a moved price follows the slip's "Odds changes" choice.
 */
describe('live trading', () => {
  let t: Harness;
  let tg: Games;
  const DELAY = 1_200;
  const goalAt = { home: 1.15, draw: 6.5, away: 19 };
  const before = { home: 1.6, draw: 3.8, away: 5.5 };

  beforeAll(async () => {
    t = await startHarness({
      env: { LIVE_ACCEPT_DELAY_MS: String(DELAY), MAX_ODDS: '500', MAX_LIABILITY: '1000' },
    });
    tg = new Games(t);
  }, 60_000);
  afterAll(async () => t?.close());

  const place = (auth: Record<string, string>, body: unknown) =>
    call(t, 'POST', '/api/v1/bets/singles', auth, body);
  const countOf = async (userId: string) =>
    Number(
      (
        await t.svc.ctx.db
          .selectFrom('bets')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('accepts an in-play bet only after the acceptance delay, at its price', async () => {
    const g = await tg.live(await tg.create(), before);
    const p = await player(t);
    const started = Date.now();
    const res = await place(p.auth, { stakePerBet: 2, selections: [{ gameId: g._id, outcome: 'A' }] });
    expect(res.status).toBe(201);
    expect(Date.now() - started).toBeGreaterThanOrEqual(DELAY);
    expect(res.body.bets[0]).toMatchObject({ totalOdds: 1.6 });
    // games was asked twice: when the bet arrived and after the wait
    expect(t.liveCheck.asked.filter((a) => a.includes(g._id)).length).toBe(2);
    // a pre-match bet does not wait
    const up = await tg.create();
    const quick = Date.now();
    expect(
      (await place(p.auth, { stakePerBet: 2, selections: [{ gameId: up._id, outcome: 'A' }] })).status,
    ).toBe(201);
    expect(Date.now() - quick).toBeLessThan(DELAY);
  });

  it('refuses a bet when a goal comes during the acceptance delay, and takes no money', async () => {
    const g = await tg.live(await tg.create(), before);
    const p = await player(t);
    const during = async (goal: () => Promise<void>) => {
      const asked = t.liveCheck.asked.length;
      const pending = place(p.auth, { stakePerBet: 20, selections: [{ gameId: g._id, outcome: 'A' }] });
      // the bet has arrived and was checked once: now the goal
      await eventually(() => t.liveCheck.asked.length > asked);
      await goal();
      return pending;
    };
    const SUSPENDED =
      'Betting on Enyimba vs Rivers United is suspended while its in-play prices update. Please try again in a moment.';
    // games has suspended the game and betting has not heard yet: the re-check after the wait refuses
    let res: Awaited<ReturnType<typeof place>>;
    try {
      res = await during(async () => {
        t.liveCheck.suspended.add(g._id);
      });
    } finally {
      t.liveCheck.suspended.delete(g._id);
    }
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(SUSPENDED);
    // the goal's announcement (new prices, suspended) reaches betting during the wait: its
    // read model refuses the suspended market even when games' answer came before the goal
    res = await during(() =>
      tg.odds(g._id, goalAt, true, { suspendedUntil: new Date(Date.now() + 60_000).toISOString() }),
    );
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(SUSPENDED);
    expect(t.wallet.balance(p.id)).toBe(100_000);
    expect(await countOf(p.id)).toBe(0);
  });

  it('refuses a bet at the pre-goal price once the goal moved it, unless the slip takes the change', async () => {
    const g = await tg.live(await tg.create(), before);
    const p = await player(t);
    const bet = (extra: Record<string, unknown> = {}) =>
      place(p.auth, { stakePerBet: 10, selections: [{ gameId: g._id, outcome: 'A', odds: 1.6 }], ...extra });
    // the goal is over (its suspension ended) and the price moved: the slip still shows 1.60
    await tg.odds(g._id, goalAt, true);
    const refused = await bet();
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('The odds have changed. Please review your bet slip and try again.');
    // the new price is lower: "accept higher" refuses it too, "accept any" takes it
    expect((await bet({ oddsChange: 'higher' })).status).toBe(409);
    expect(t.wallet.balance(p.id)).toBe(100_000);
    const taken = await bet({ oddsChange: 'any' });
    expect(taken.status).toBe(201);
    expect(taken.body.bets[0]).toMatchObject({ totalOdds: 1.15 });
    // a price that rises during the delay: the slip's "accept higher" takes it
    const pending = place(p.auth, {
      stakePerBet: 1,
      selections: [{ gameId: g._id, outcome: 'B' }],
      oddsChange: 'higher',
    });
    const none = place(p.auth, { stakePerBet: 1, selections: [{ gameId: g._id, outcome: 'B' }] });
    // time is the scenario: the price moves a third of the way into the placement delay
    await new Promise((r) => setTimeout(r, DELAY / 3));
    await tg.odds(g._id, { home: 1.2, draw: 6, away: 21 }, true);
    const [higher, plain] = await Promise.all([pending, none]);
    expect(higher.status).toBe(201);
    expect(higher.body.bets[0]).toMatchObject({ totalOdds: 21 });
    // without a choice, a price that moved during the delay refuses the bet
    expect(plain.status).toBe(409);
  });

  it('refuses a live price the read model holds when games has moved on', async () => {
    const g = await tg.live(await tg.create(), before);
    const p = await player(t);
    t.liveCheck.prices.set(g._id, goalAt);
    try {
      const res = await place(p.auth, { stakePerBet: 2, selections: [{ gameId: g._id, outcome: 'A' }] });
      expect(res.status).toBe(422);
      expect(res.body.msg).toContain('is suspended while its in-play prices update');
    } finally {
      t.liveCheck.prices.delete(g._id);
    }
    expect(await countOf(p.id)).toBe(0);
  });

  it('refuses odds above the ceiling ($20 at 935.08 at 0-2)', async () => {
    const g = await tg.live(await tg.create(), { home: 935.08, draw: 45, away: 1.01 });
    const p = await player(t);
    const res = await place(p.auth, { stakePerBet: 20, selections: [{ gameId: g._id, outcome: 'A' }] });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe(
      'The odds of Enyimba on Enyimba vs Rivers United (935.08) are above the maximum of 500.00 we accept.',
    );
    expect(await countOf(p.id)).toBe(0);
  });

  it('holds the liability of a game and market to its limit, offering the largest stake that fits', async () => {
    const g = await tg.create({ odds: { home: 2, draw: 3.4, away: 3.6 } });
    const p = await player(t);
    const bet = (stake: number, outcome = 'A') =>
      place(p.auth, { stakePerBet: stake, selections: [{ gameId: g._id, outcome }] });
    expect((await bet(300)).status).toBe(201); // pays $600 of the $1,000
    const over = await bet(300);
    expect(over.status).toBe(422);
    expect(over.body.msg).toBe(
      'This bet is over our limit for Enyimba on Enyimba vs Rivers United. The largest stake we can accept on it now is $200.00.',
    );
    expect((await bet(200)).status).toBe(201);
    // another outcome of the market has its own room
    expect((await bet(200, 'Draw')).status).toBe(201);
    expect(t.wallet.balance(p.id)).toBe(100_000 - 70_000);
  });
});
