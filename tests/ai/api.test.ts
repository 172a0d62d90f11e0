import { newId } from '@bet/kit';
import { eventually } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byFixture, CALENDAR } from '../../services/ai/test/calendar';
import { publish, startAi } from './harness';

/** Every AI call through the gateway with the built-in analyst: shapes, auth, bad input. */
describe('AI calls through the gateway (built-in analyst)', () => {
  let s: Awaited<ReturnType<typeof startAi>>;
  let user: string;
  let admin: string;
  const userId = newId();

  beforeAll(async () => {
    s = await startAi();
    user = await s.infra.token({ id: userId, username: 'ada' });
    admin = await s.infra.token({ role: 'admin', username: 'boss' });
    // a record: a losing bet at 1 am followed by a bigger one 20 minutes later, and an open bet on Arsenal-Tottenham
    const past = byFixture('Arsenal', 'Chelsea');
    const open = byFixture('Arsenal', 'Tottenham');
    const bets = [
      { betId: newId(), stake: 1000, at: '2026-11-14T00:30:00Z', game: past, outcome: 'B', odds: 400 },
      { betId: newId(), stake: 2500, at: '2026-11-14T00:50:00Z', game: past, outcome: 'A', odds: 190 },
      { betId: newId(), stake: 5000, at: '2026-11-19T12:00:00Z', game: open, outcome: 'A', odds: 160 },
    ];
    for (const b of bets)
      await publish(s.infra, 'bets.placed', {
        betId: b.betId,
        userId,
        betType: 'single',
        stakeCents: b.stake,
        totalOddsHundredths: b.odds,
        potentialPayoutCents: Math.round((b.stake * b.odds) / 100),
        selections: [{ gameId: b.game.id, outcome: b.outcome, oddsHundredths: b.odds }],
        placedAt: b.at,
      });
    await publish(s.infra, 'bets.settled', {
      betId: bets[0].betId,
      userId,
      status: 'lost',
      stakeCents: 1000,
      payoutCents: 0,
      settledAt: '2026-11-14T17:00:00Z',
    });
    await publish(s.infra, 'bets.settled', {
      betId: bets[1].betId,
      userId,
      status: 'won',
      stakeCents: 2500,
      payoutCents: 4750,
      settledAt: '2026-11-14T17:00:00Z',
    });
    await eventually(async () => {
      const bets = await s.ai.ctx.db
        .selectFrom('bets' as never)
        .selectAll()
        .execute();
      const closed = await s.ai.ctx.db
        .selectFrom('bet_closures' as never)
        .selectAll()
        .execute();
      return bets.length === 3 && closed.length === 2;
    }, 30_000);
  }, 120_000);
  afterAll(() => s?.stop());

  it('POST /ai/game-search: open to visitors, answers {games} in the catalogue shape; whitespace is a 400', async () => {
    const r = await s.call('POST', '/ai/game-search', { query: 'games in Spain today' });
    expect(r.status).toBe(200);
    expect(r.body.games.map((g: any) => g.homeTeam).sort()).toEqual(['Atletico Madrid', 'Real Betis']);
    expect(Object.keys(r.body.games[0]).sort()).toEqual(
      [
        '_id',
        'awayTeam',
        'awayTeamLogo',
        'elapsedTime',
        'homeTeam',
        'homeTeamLogo',
        'league',
        'matchDate',
        'odds',
        'result',
        'scores',
        'status',
      ].sort(),
    );
    const blank = await s.call('POST', '/ai/game-search', { query: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBeTruthy();
    expect((await s.call('POST', '/ai/game-search', {})).status).toBe(400);
  });

  it('POST /ai/analyze-game needs a session; unknown game 404; bad id 400; analysis is cached per odds version', async () => {
    const g = byFixture('Chelsea', 'Arsenal');
    expect((await s.call('POST', '/ai/analyze-game', { gameId: g.id })).status).toBe(401);
    const r = await s.call('POST', '/ai/analyze-game', { gameId: g.id }, user);
    expect(r.status).toBe(200);
    expect(r.body.producedBy).toBe('built-in');
    expect(r.body.analysis).toMatch(/Chelsea vs Arsenal/);
    expect(r.body.analysis).toMatch(/2\.70 \/ 3\.40 \/ 2\.60/);
    // a new price is a new odds version: a new analysis with the new numbers
    await publish(s.infra, 'games.odds_changed', {
      gameId: g.id,
      odds: { home: 3.1, draw: 3.4, away: 2.3 },
      live: false,
    });
    await eventually(async () => {
      const again = await s.call('POST', '/ai/analyze-game', { gameId: g.id }, user);
      return again.body.analysis.includes('3.10 / 3.40 / 2.30');
    }, 10_000);
    const unknown = await s.call('POST', '/ai/analyze-game', { gameId: newId() }, user);
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe('Game not found');
    expect((await s.call('POST', '/ai/analyze-game', { gameId: 'nope' }, user)).status).toBe(400);
  });

  it('POST /ai/chat: greets, finds games, proposes a bet as the spec betSlip, ignores nothing silently', async () => {
    expect((await s.call('POST', '/ai/chat', { message: 'hi', history: [] })).status).toBe(401);
    const hi = await s.call('POST', '/ai/chat', { message: 'hello', history: [], context: {} }, user);
    expect(hi.status).toBe(200);
    expect(hi.body.reply).toMatch(/Hi ada/);
    expect(hi.body.betSlip).toBeUndefined();
    const find = await s.call('POST', '/ai/chat', { message: 'live games in Nigeria', history: [] }, user);
    expect(find.body.reply).toMatch(/Plateau United vs Shooting Stars/);
    const g = byFixture('Arsenal', 'Tottenham');
    const bet = await s.call(
      'POST',
      '/ai/chat',
      {
        message: 'put Tottenham to win on my slip',
        history: [
          { role: 'user', parts: [{ text: 'analyse Arsenal vs Tottenham' }] },
          { role: 'model', parts: [{ text: 'Arsenal are favourites.' }] },
        ],
      },
      user,
    );
    expect(bet.status).toBe(200);
    expect(bet.body.betSlip).toEqual({
      gameId: g.id,
      outcome: 'B',
      gameDetails: { homeTeam: 'Arsenal', awayTeam: 'Tottenham' },
      oddsAtTimeOfBet: { home: 1.6, away: 5.4, draw: 4 },
    });
    const empty = await s.call('POST', '/ai/chat', { message: '  ', history: [] }, user);
    expect(empty.status).toBe(400);
    const huge = await s.call('POST', '/ai/chat', { message: 'x'.repeat(40_000), history: [] }, user);
    expect(huge.status).toBe(413);
  });

  it('POST /ai/analyze-slip and /ai/slip-suggestions: analysis, suggestions; 11 selections and unknown games refused', async () => {
    const legs = [byFixture('Arsenal', 'Tottenham'), byFixture('Real Madrid', 'Barcelona')].map((g) => ({
      gameId: g.id,
      outcome: 'A',
      odds: g.odds.home,
      gameDetails: { homeTeam: g.homeTeam, awayTeam: g.awayTeam },
    }));
    const a = await s.call('POST', '/ai/analyze-slip', { selections: legs }, user);
    expect(a.status).toBe(200);
    expect(a.body.analysis).toMatch(/2-leg multi/);
    expect(a.body.analysis).toMatch(/Riskiest leg/);
    const sug = await s.call('POST', '/ai/slip-suggestions', { selections: legs, totalOdds: 3.52 }, user);
    expect(sug.status).toBe(200);
    expect(sug.body.combinationSuggestions.length).toBeGreaterThan(0);
    for (const c of sug.body.combinationSuggestions) {
      expect(Object.keys(c.gameDetails).sort()).toEqual(['awayTeam', 'homeTeam']);
      expect(['A', 'Draw', 'B']).toContain(c.outcome);
      expect(c.justification.length).toBeGreaterThan(10);
    }
    expect(sug.body.alternativeBet.explanation).toBeTruthy();
    const eleven = CALENDAR.filter((g) => g.status === 'upcoming')
      .slice(0, 11)
      .map((g) => ({ gameId: g.id, outcome: 'A' }));
    const r11 = await s.call('POST', '/ai/analyze-slip', { selections: eleven }, user);
    expect(r11.status).toBe(400);
    expect(r11.body.msg).toBe('You can only have a maximum of 10 selections in a multi-bet.');
    expect(
      (await s.call('POST', '/ai/slip-suggestions', { selections: eleven, totalOdds: 100 }, user)).status,
    ).toBe(400);
    const unknown = await s.call(
      'POST',
      '/ai/analyze-slip',
      { selections: [{ gameId: newId(), outcome: 'A' }] },
      user,
    );
    expect(unknown.status).toBe(404);
    expect((await s.call('POST', '/ai/analyze-slip', { selections: [] }, user)).status).toBe(400);
  });

  it('POST /ai/analyze-slip names a pick of another market (Over 2.5, BTTS Yes) and checks it against the catalogue', async () => {
    const [g1, g2] = [byFixture('Arsenal', 'Tottenham'), byFixture('Real Madrid', 'Barcelona')];
    const legs = [
      { gameId: g1.id, market: 'ou_2.5', outcome: 'over', odds: 1.85 },
      { gameId: g2.id, market: 'btts', outcome: 'yes', odds: 1.7 },
    ];
    const a = await s.call('POST', '/ai/analyze-slip', { selections: legs }, user);
    expect(a.status).toBe(200);
    expect(a.body.analysis).toContain('Over 2.5');
    expect(a.body.analysis).toContain('BTTS Yes');
    expect(
      (await s.call('POST', '/ai/slip-suggestions', { selections: legs, totalOdds: 3.15 }, user)).status,
    ).toBe(200);
    const refused = [
      [{ gameId: g1.id, market: 'ou_9.5', outcome: 'over', odds: 2 }, 'selections.0.market'],
      [{ gameId: g1.id, market: 'ou_2.5', outcome: 'A', odds: 2 }, 'selections.0.outcome'],
      [{ gameId: g1.id, outcome: 'over' }, 'selections.0.outcome'],
      [{ gameId: g1.id, market: 'btts', outcome: 'yes' }, 'selections.0.odds'],
    ] as const;
    for (const [leg, path] of refused) {
      const r = await s.call('POST', '/ai/analyze-slip', { selections: [leg] }, user);
      expect(r.status, path).toBe(400);
      expect(r.body.errors[0].path).toBe(path);
    }
  });

  it("GET /ai/my-betting-feedback and /ai/limit-suggestion read the player's own record", async () => {
    const f = await s.call('GET', '/ai/my-betting-feedback', undefined, user);
    expect(f.status).toBe(200);
    expect(f.body.feedback).toMatch(/3 bets/);
    expect(f.body.feedback).toMatch(/chasing losses/);
    expect(f.body.feedback).toMatch(/Premier League/);
    const l = await s.call('GET', '/ai/limit-suggestion', undefined, user);
    expect(l.status).toBe(200);
    expect(Number.isInteger(l.body.suggestedLimits.betCount)).toBe(true);
    expect(typeof l.body.suggestedLimits.stakeAmount).toBe('number');
    expect(l.body.suggestion).toMatch(/weekly limit/);
    expect((await s.call('GET', '/ai/limit-suggestion')).status).toBe(401);
  });

  it('feedback and the risk summary read legs of every market (market + outcome), not only 1X2', async () => {
    const other = newId();
    const g = byFixture('Real Madrid', 'Barcelona');
    const legs = [
      { market: 'ou_2.5', outcome: 'over', stake: 2000, odds: 190 },
      { market: 'btts', outcome: 'yes', stake: 3000, odds: 170 },
      { market: 'cs', outcome: '2-1', stake: 1000, odds: 900 },
    ];
    for (const l of legs)
      await publish(s.infra, 'bets.placed', {
        betId: newId(),
        userId: other,
        betType: 'single',
        stakeCents: l.stake,
        totalOddsHundredths: l.odds,
        potentialPayoutCents: (l.stake * l.odds) / 100,
        selections: [{ gameId: g.id, market: l.market, outcome: l.outcome, oddsHundredths: l.odds }],
        placedAt: '2026-11-19T12:00:00Z',
      });
    const token = await s.infra.token({ id: other, username: 'grace' });
    const f = await eventually(async () => {
      const r = await s.call('GET', '/ai/my-betting-feedback', undefined, token);
      return /3 bets/.test(r.body.feedback ?? '') ? r : undefined;
    }, 30_000);
    expect(f.body.feedback).toMatch(
      /What you bet on:\*\* Both Teams To Score \(1\), Correct Score \(1\), Total Goals 2\.5 \(1\)/,
    );
    expect(f.body.feedback).toMatch(/Where you bet:\*\* La Liga \(3\)/);
    const risk = await s.call('GET', `/admin/games/${g.id}/risk-summary`, undefined, admin);
    expect(risk.status).toBe(200);
    expect(risk.body.summary).toMatch(/3 pending bets with \$60\.00 staked/);
    expect(risk.body.summary).toMatch(/- Over 2\.5: 1 bet, \$20\.00 staked, \$38\.00 potential payout/);
    expect(risk.body.summary).toMatch(/- BTTS Yes: 1 bet, \$30\.00 staked, \$51\.00 potential payout/);
    // 2-1 lands all three at once: $38 + $51 + $90
    expect(risk.body.summary).toMatch(/a 2-1 result pays out \$179\.00/);
  });

  it('news: summary needs a topic; headlines are labelled as written from platform results; For You follows the teams bet on', async () => {
    const sum = await s.call('POST', '/ai/news-summary', { topic: 'Arsenal' }, user);
    expect(sum.status).toBe(200);
    expect(sum.body.summary).toMatch(/Arsenal/);
    const empty = await s.call('POST', '/ai/news-summary', { topic: ' ' }, user);
    expect(empty.status).toBe(400);
    expect(empty.body.msg).toBe('Please enter a team or player name.');
    const world = await s.call('GET', '/ai/world-sports-news');
    expect(world.status).toBe(200);
    expect(world.body.news.length).toBeGreaterThan(0);
    for (const n of world.body.news) {
      expect(Object.keys(n).sort()).toEqual(['link', 'publishedDate', 'snippet', 'source', 'title']);
      expect(n.source).toMatch(/Platform results/);
    }
    const mine = await s.call('GET', '/ai/personalized-news', undefined, user);
    expect(mine.status).toBe(200);
    expect(mine.body.news[0].team).toBe('Arsenal');
    expect(mine.body.news[0].summary).toBeTruthy();
  });

  it('GET /ai/recommendations: tips are open games with odds, signed in only', async () => {
    expect((await s.call('GET', '/ai/recommendations')).status).toBe(401);
    const r = await s.call('GET', '/ai/recommendations', undefined, user);
    expect(r.status).toBe(200);
    expect(r.body.games.length).toBeGreaterThan(0);
    for (const g of r.body.games) {
      expect(g.status).toBe('upcoming');
      expect(g.odds.home).toBeGreaterThan(1);
    }
  });

  it('who may call what (spec 000 §6, 001 §7.1–7.2): visitors 401, players 403 on admin calls, each with a msg', async () => {
    const g = byFixture('Arsenal', 'Tottenham');
    const leg = [{ gameId: g.id, outcome: 'A' }];
    const signedIn: Array<[string, string, unknown?]> = [
      ['POST', '/ai/chat', { message: 'hello', history: [], context: {} }],
      ['POST', '/ai/analyze-game', { gameId: g.id }],
      ['GET', '/ai/my-betting-feedback'],
      ['GET', '/ai/limit-suggestion'],
      ['GET', '/ai/recommendations'],
      ['GET', '/ai/personalized-news'],
      ['POST', '/ai/analyze-slip', { selections: leg }],
      ['POST', '/ai/slip-suggestions', { selections: leg, totalOdds: 1.6 }],
    ];
    const adminOnly: Array<[string, string, unknown?]> = [
      ['POST', '/ai/generate-social-post', { gameId: g.id }],
      ['GET', `/admin/games/${g.id}/risk-summary`],
      ['POST', '/admin/social-campaign', { league: 'Premier League', dateRange: '2026-11-21' }],
    ];
    for (const [method, path, body] of [...signedIn, ...adminOnly]) {
      const r = await s.call(method, path, body);
      expect(r.status, `${method} ${path} as a visitor`).toBe(401);
      expect(typeof r.body.msg, `${method} ${path} msg`).toBe('string');
    }
    for (const [method, path, body] of adminOnly) {
      const r = await s.call(method, path, body, user);
      expect(r.status, `${method} ${path} as a player`).toBe(403);
      expect(typeof r.body.msg, `${method} ${path} msg`).toBe('string');
    }
    // open to visitors: the Home search box and the headlines panel
    expect((await s.call('POST', '/ai/game-search', { query: 'Arsenal' })).status).toBe(200);
    expect((await s.call('GET', '/ai/world-sports-news')).status).toBe(200);
  });

  it('bad input is a 4xx with a msg on every call that takes a body or an id', async () => {
    const g = byFixture('Arsenal', 'Tottenham');
    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/ai/chat', { history: [] }, user],
      ['POST', '/ai/chat', { message: 'hi', history: 'nope' }, user],
      ['POST', '/ai/analyze-game', {}, user],
      ['POST', '/ai/analyze-game', { gameId: 'nope' }, user],
      ['POST', '/ai/news-summary', { topic: '' }, user],
      ['POST', '/ai/news-summary', {}, user],
      ['POST', '/ai/analyze-slip', {}, user],
      ['POST', '/ai/analyze-slip', { selections: [{ gameId: g.id, outcome: 'X' }] }, user],
      [
        'POST',
        '/ai/slip-suggestions',
        { selections: [{ gameId: g.id, outcome: 'A' }], totalOdds: 'lots' },
        user,
      ],
      ['POST', '/ai/game-search', { query: '' }, user],
      ['POST', '/ai/generate-social-post', { gameId: 'nope' }, admin],
      ['POST', '/ai/generate-social-post', { gameId: newId() }, admin],
      ['GET', '/admin/games/nope/risk-summary', undefined, admin],
      ['POST', '/admin/social-campaign', { dateRange: '2026-11-21' }, admin],
    ];
    for (const [method, path, body, token] of bad) {
      const r = await s.call(method, path, body, token);
      const what = `${method} ${path} ${JSON.stringify(body)}`;
      expect(r.status, what).toBeGreaterThanOrEqual(400);
      expect(r.status, what).toBeLessThan(500);
      expect(typeof r.body.msg, what).toBe('string');
    }
  });

  it('admin calls: risk summary from the open bets, social post, campaign; players get 403', async () => {
    const g = byFixture('Arsenal', 'Tottenham');
    expect((await s.call('GET', `/admin/games/${g.id}/risk-summary`, undefined, user)).status).toBe(403);
    const risk = await s.call('GET', `/admin/games/${g.id}/risk-summary`, undefined, admin);
    expect(risk.status).toBe(200);
    expect(risk.body.summary).toMatch(/1 pending bet with \$50\.00 staked/);
    expect(risk.body.summary).toMatch(/\$80\.00 potential payout/);
    expect((await s.call('GET', `/admin/games/${newId()}/risk-summary`, undefined, admin)).status).toBe(404);

    expect((await s.call('POST', '/ai/generate-social-post', { gameId: g.id }, user)).status).toBe(403);
    const post = await s.call('POST', '/ai/generate-social-post', { gameId: g.id }, admin);
    expect(post.status).toBe(200);
    expect(post.body.post).toMatch(/Arsenal vs Tottenham/);
    expect(post.body.post).toMatch(/1\.60/);

    const camp = await s.call(
      'POST',
      '/admin/social-campaign',
      { league: 'Premier League', dateRange: '2026-11-21' },
      admin,
    );
    expect(camp.status).toBe(200);
    expect(camp.body.campaign).toHaveLength(5);
    // the day asked for, in the platform's time zone (Lagos), not the UTC day its start falls on
    expect(camp.body.campaign[0]).toContain('Sat, 21 Nov 2026');
    expect(camp.body.campaign.join(' ')).toMatch(/Liverpool vs Aston Villa/);
    const missing = await s.call(
      'POST',
      '/admin/social-campaign',
      { league: '', dateRange: '2026-11-21' },
      admin,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Please provide both a league and a date.');
    expect(
      (await s.call('POST', '/admin/social-campaign', { league: 'Premier League', dateRange: 'soon' }, admin))
        .status,
    ).toBe(400);
    expect(
      (
        await s.call(
          'POST',
          '/admin/social-campaign',
          { league: 'Premier League', dateRange: '2026-11-21' },
          user,
        )
      ).status,
    ).toBe(403);
  });
});

describe('per-user rate limit of AI calls', () => {
  let s: Awaited<ReturnType<typeof startAi>>;
  beforeAll(async () => {
    s = await startAi({ env: { AI_RATE_LIMIT_PER_MINUTE: '3' } });
  }, 120_000);
  afterAll(() => s?.stop());

  it('the fourth call in a minute is a 429 with a msg; another user is unaffected', async () => {
    const a = await s.infra.token({ username: 'a' });
    const b = await s.infra.token({ username: 'b' });
    for (let i = 0; i < 3; i++)
      expect((await s.call('GET', '/ai/recommendations', undefined, a)).status).toBe(200);
    const over = await s.call('GET', '/ai/recommendations', undefined, a);
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/Too many AI requests/);
    expect((await s.call('GET', '/ai/recommendations', undefined, b)).status).toBe(200);
  });
});

describe('per-visitor rate limit of AI calls behind the gateway', () => {
  let s: Awaited<ReturnType<typeof startAi>>;
  beforeAll(async () => {
    // the gateway believes the load balancer in front of it (this machine), as in production
    s = await startAi({
      env: { AI_RATE_LIMIT_PER_MINUTE: '3' },
      gatewayEnv: { TRUST_PROXY: '127.0.0.1,::1' },
    });
  }, 120_000);
  afterAll(() => s?.stop());

  it("one visitor's searches do not use up another's (the service reads the forwarded address)", async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const search = (ip: string) =>
      s.call('POST', '/ai/game-search', { query: 'Arsenal' }, undefined, from(ip));
    for (let i = 0; i < 3; i++) expect((await search('203.0.113.7')).status).toBe(200);
    const over = await search('203.0.113.7');
    expect(over.status).toBe(429);
    expect(over.body.msg).toMatch(/Too many AI requests/);
    // a second visitor through the same gateway still searches
    expect((await search('198.51.100.20')).status).toBe(200);
  });
});
