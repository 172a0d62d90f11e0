/**
 * Issue 17: a client written from the spec works unchanged. Each screen's call is made as the
 * spec's client makes it and its answer read exactly as that screen reads it (spec 000 §7,
 * spec 001 §7), through the gateway of the embedded platform, with the web client served from
 * a second origin (WEB_URL, CORS_ORIGINS): links, crests, avatars and CORS are checked for it.
 *
 * Sessions (refresh on 401, token lifetimes, socket reconnects) have their own suite on the
 * same harness (tests/contract/spec-client.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DEMO,
  SpecClient,
  type SpecPlatform,
  startSpecPlatform,
  until,
  WEB_ORIGIN,
} from './spec-client';

const SPEC_BET_STATUSES = ['pending', 'won', 'lost', 'cancelled'];
const SPEC_TX_TYPES = ['bet', 'win', 'topup', 'withdrawal'];
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let platform: SpecPlatform;
let admin: SpecClient;
let player: SpecClient;
let demo: { _id: string; username: string };

const inDays = (days: number, time: string) =>
  `${new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)}T${time}`;

/** An upcoming game created through the spec's Create Game form (matchDate as datetime-local gives it). */
async function createGame(homeTeam: string, awayTeam: string, matchDate = inDays(2, '18:30')) {
  const res = await admin.call('POST', '/games', {
    homeTeam,
    awayTeam,
    league: 'Contract League',
    matchDate,
    odds: { home: 2, away: 3.5, draw: 3.2 },
  });
  expect(res.status, JSON.stringify(res.data)).toBe(201);
  return res.data.game as { _id: string; matchDate: string; homeTeam: string };
}

beforeAll(async () => {
  platform = await startSpecPlatform();
  admin = new SpecClient(platform.url);
  player = new SpecClient(platform.url);
  await admin.login(ADMIN.email, ADMIN.password);
  demo = await player.login(DEMO.email, DEMO.password);
  // the demo player's opening balance arrives just after start
  await until(async () => (await player.call('GET', '/wallet')).data.walletBalance >= 100);
}, 240_000);
afterAll(async () => platform?.stop());

describe('admin screens read the answers the spec shows', () => {
  it('Withdrawal Requests maps over a bare array of requests (spec 001 §2.7, §3)', async () => {
    const asked = await player.call('POST', '/wallet/request-withdrawal', { amount: 7 });
    expect(asked.status, JSON.stringify(asked.data)).toBe(201);
    const res = await admin.call('GET', '/admin/withdrawals?status=pending');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.data)).toBe(true);
    // the screen's card: username, email, Amount Requested, current balance, request date
    const cards = res.data.map((w: any) => ({
      id: w._id,
      who: `${w.user.username} <${w.user.email}>`,
      amount: w.amount,
      balance: w.user.walletBalance,
      date: new Date(w.createdAt).toISOString(),
      status: w.status,
    }));
    const mine = cards.find((c: any) => c.id === asked.data.withdrawal._id);
    expect(mine).toMatchObject({ who: `${demo.username} <${DEMO.email}>`, amount: 7, status: 'pending' });
    expect(typeof mine.balance).toBe('number');
    // the default tab is Pending; Reject, then the Rejected tab shows it with its note
    expect((await admin.call('GET', '/admin/withdrawals')).data.map((w: any) => w._id)).toContain(mine.id);
    const rejected = await admin.call('PATCH', `/admin/withdrawals/${mine.id}/process`, {
      status: 'rejected',
      adminNotes: 'Request rejected by admin.',
    });
    expect(rejected.status).toBe(200);
    const tab = (await admin.call('GET', '/admin/withdrawals?status=rejected')).data;
    expect(tab.find((w: any) => w._id === mine.id)).toMatchObject({
      status: 'rejected',
      adminNotes: 'Request rejected by admin.',
    });
  });

  it('Risk Management: rows carry _id; Risk Details reads analysis; Adjust Odds and Cancel use the row _id (spec 001 §2.8)', async () => {
    const game = await createGame('Contract Rovers', 'Spec United');
    const bet = await player.call('POST', '/bets/singles', {
      stakePerBet: 5,
      selections: [{ gameId: game._id, outcome: 'A' }],
    });
    expect(bet.status, JSON.stringify(bet.data)).toBe(201);

    const overview = await admin.call('GET', '/admin/risk/overview');
    expect(overview.status).toBe(200);
    const { totalExposure, highRiskGamesCount, topExposedGames } = overview.data;
    expect(typeof totalExposure).toBe('number');
    expect(typeof highRiskGamesCount).toBe('number');
    const row = topExposedGames.find((g: any) => g.gameDetails.homeTeam === 'Contract Rovers');
    expect(row).toMatchObject({
      _id: game._id,
      gameDetails: { homeTeam: 'Contract Rovers', awayTeam: 'Spec United', league: 'Contract League' },
      totalPotentialPayout: 10,
      odds: { home: 2, draw: 3.2, away: 3.5 },
    });

    // View Details with the row's _id: the Risk Breakdown reads `analysis`
    const details = await admin.call('GET', `/admin/games/${row._id}/risk`);
    expect(details.status).toBe(200);
    const { analysis } = details.data;
    expect(analysis.totalExposure).toBe(10);
    for (const o of ['A', 'B', 'Draw'])
      expect(Object.keys(analysis.outcomes[o]).sort()).toEqual([
        'betCount',
        'totalPotentialPayout',
        'totalStake',
      ]);
    expect(analysis.outcomes.A).toEqual({ betCount: 1, totalStake: 5, totalPotentialPayout: 10 });

    // Adjust Odds and Cancel with the row's _id
    const odds = await admin.call('PATCH', `/admin/games/${row._id}/adjust-odds`, {
      home: 1.9,
      draw: 3.3,
      away: 3.8,
    });
    expect(odds.status, JSON.stringify(odds.data)).toBe(200);
    const cancelled = await admin.call('PATCH', `/games/${row._id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.data)).toBe(200);
    await until(
      async () =>
        (await player.call('GET', `/bets/${bet.data.bets[0]._id}`)).data.bet?.status === 'cancelled',
    );
  });

  it('Game Management: GET /games?limit=100 holds a game an admin just created, first the games an admin manages (spec 001 §2.6)', async () => {
    const catalogue = (await admin.call('GET', '/games?limit=500')).data.games;
    // the simulator's calendar is larger than the screen's 100
    expect(catalogue.length).toBeGreaterThan(100);
    const created = await createGame('Contract Athletic', 'Spec Wanderers', inDays(3, '20:00'));
    const screen = (await admin.call('GET', '/games?limit=100')).data.games;
    expect(screen.map((g: any) => g._id)).toContain(created._id);
    const rank: Record<string, number> = { live: 1, upcoming: 2, finished: 3, cancelled: 4 };
    const ranks = screen.map((g: any) => rank[g.status]);
    expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b));
    // our own admin screen: server-side search and pages
    const found = await admin.call('GET', '/games?search=spec%20wanderers&page=1&limit=15');
    expect(found.data).toMatchObject({ currentPage: 1, totalPages: 1, totalCount: 1 });
    expect(found.data.games[0]._id).toBe(created._id);
  });

  it('a matchDate without an offset (datetime-local) is UTC; with an offset it is that instant (docs/api-conventions.md)', async () => {
    const day = inDays(4, '');
    const bare = await createGame('Contract Town', 'Spec Rangers', `${day}18:30`);
    expect(bare.matchDate).toBe(`${day}18:30:00.000Z`);
    const offset = await createGame('Contract County', 'Spec Albion', `${day}18:30:00+01:00`);
    expect(offset.matchDate).toBe(`${day}17:30:00.000Z`);
  });
});

describe('player screens read the answers the spec shows', () => {
  it('Shared slip: slip.selections[].gameId is the game, populated; Add to My Bet Slip places it (spec 000 §2 /slip)', async () => {
    const a = await createGame('Contract Harriers', 'Spec Dynamos');
    const b = await createGame('Contract Borough', 'Spec Celtic');
    const shared = await player.call('POST', '/bets/share', {
      betType: 'multi',
      selections: [
        { gameId: a._id, outcome: 'Draw' },
        { gameId: b._id, outcome: 'B' },
      ],
    });
    expect(shared.status).toBe(201);
    // a visitor opens the link on the web client's origin
    expect(shared.data.shareUrl).toBe(`${WEB_ORIGIN}/slip/${shared.data.shareId}`);
    const visitor = new SpecClient(platform.url);
    const res = await visitor.call('GET', `/bets/share/${shared.data.shareId}`);
    expect(res.status).toBe(200);
    const { slip } = res.data;
    expect(slip.betType).toBe('multi');
    const items = slip.selections.map((s: any) => ({
      gameId: s.gameId._id,
      gameDetails: { homeTeam: s.gameId.homeTeam, awayTeam: s.gameId.awayTeam },
      outcome: s.outcome,
      odds: { A: s.gameId.odds.home, Draw: s.gameId.odds.draw, B: s.gameId.odds.away }[s.outcome as string],
      league: s.gameId.league,
      status: s.gameId.status,
      kickOff: s.gameId.matchDate,
    }));
    expect(items).toEqual([
      {
        gameId: a._id,
        gameDetails: { homeTeam: 'Contract Harriers', awayTeam: 'Spec Dynamos' },
        outcome: 'Draw',
        odds: 3.2,
        league: 'Contract League',
        status: 'upcoming',
        kickOff: a.matchDate,
      },
      {
        gameId: b._id,
        gameDetails: { homeTeam: 'Contract Borough', awayTeam: 'Spec Celtic' },
        outcome: 'B',
        odds: 3.5,
        league: 'Contract League',
        status: 'upcoming',
        kickOff: b.matchDate,
      },
    ]);
    const placed = await player.call('POST', '/bets/multi', {
      stake: 2,
      selections: items.map((i: any) => ({ gameId: i.gameId, outcome: i.outcome })),
    });
    expect(placed.status, JSON.stringify(placed.data)).toBe(201);
  });

  it('My Bets: every bet answers one of the spec statuses and its filter finds it; a cash-out is won with cashedOut (spec 000 §2 My Bets)', async () => {
    // a single on a live game of the simulator, cashed out
    const cashed = await until(async () => {
      for (const g of (await player.call('GET', '/games/live')).data.games) {
        const placed = await player.call('POST', '/bets/singles', {
          stakePerBet: 1,
          selections: [{ gameId: g._id, outcome: 'A' }],
        });
        if (placed.status !== 201) continue;
        const id = placed.data.bets[0]._id;
        const offer = await until(async () => {
          const o = await player.call('GET', `/bets/${id}/cash-out`);
          return o.data.available ? o.data : null;
        }, 10_000).catch(() => null);
        if (!offer) continue;
        const out = await player.call('POST', `/bets/${id}/cash-out`);
        if (out.status === 200) return out.data.bet;
      }
      return null;
    }, 60_000);
    expect(cashed).toMatchObject({ status: 'won', cashedOut: true });

    const all = (await player.call('GET', '/bets?limit=100')).data.bets;
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const b of all) expect(SPEC_BET_STATUSES).toContain(b.status);
    const seen = new Set<string>();
    for (const status of SPEC_BET_STATUSES) {
      const page = (await player.call('GET', `/bets?status=${status}&limit=100`)).data;
      for (const b of page.bets) {
        expect(b.status).toBe(status);
        seen.add(b._id);
      }
    }
    expect([...seen].sort()).toEqual(all.map((b: any) => b._id).sort());
    const won = (await player.call('GET', '/bets?status=won&limit=100')).data.bets;
    expect(won.find((b: any) => b._id === cashed._id)).toMatchObject({
      cashedOut: true,
      payout: cashed.payout,
    });
  });

  it('Wallet and User Details: every transaction answers one of the spec types and its filter finds it (spec 000 §2 Wallet, 001 §2.9)', async () => {
    // an admin's adjustments both ways. The same admin credited the demo's opening balance
    // today, so past the daily four-eyes threshold each one waits for a second admin (202)
    const second = await secondAdmin();
    for (const amount of [3, -1]) {
      const adj = await admin.call('PATCH', `/admin/users/${demo._id}/wallet`, {
        amount,
        description: 'Contract check',
      });
      expect([200, 202], JSON.stringify(adj.data)).toContain(adj.status);
      if (adj.status === 202) {
        const ok = await second.call('POST', `/admin/wallet/adjustments/${adj.data.request._id}/approve`);
        expect(ok.status, JSON.stringify(ok.data)).toBe(200);
      }
    }
    // the refund of the cancelled game's bet has arrived
    const all = await until(async () => {
      const list = (await player.call('GET', '/wallet/transactions?limit=100')).data.transactions;
      return list.some((t: any) => t.kind === 'refund') ? list : null;
    });
    const kinds = new Set(all.map((t: any) => t.kind));
    for (const k of ['adjustment', 'bet', 'refund', 'cashout', 'withdrawal', 'withdrawal_reversal'])
      expect(kinds, k).toContain(k);
    for (const t of all) expect(SPEC_TX_TYPES).toContain(t.type);
    expect(all.find((t: any) => t.kind === 'adjustment' && t.amount === -1)).toMatchObject({
      type: 'withdrawal',
      adjustment: true,
    });
    expect(all.find((t: any) => t.kind === 'adjustment' && t.amount === 3)).toMatchObject({
      type: 'topup',
      adjustment: true,
    });
    expect(all.find((t: any) => t.kind === 'cashout').type).toBe('win');

    for (const [who, path] of [
      ['player', (type: string) => `/wallet/transactions?type=${type}&limit=100`],
      ['admin', (type: string) => `/admin/users/${demo._id}/transactions?txType=${type}&limit=100`],
    ] as const) {
      const client = who === 'admin' ? admin : player;
      const seen = new Set<string>();
      for (const type of SPEC_TX_TYPES) {
        const res = await client.call('GET', path(type));
        expect(res.status, `${who} ${type}`).toBe(200);
        for (const t of res.data.transactions) {
          expect(t.type, `${who} ${type}`).toBe(type);
          seen.add(t._id);
        }
      }
      expect([...seen].sort(), who).toEqual(all.map((t: any) => t._id).sort());
    }
  });
});

describe('the web client on its own origin', () => {
  it('links we generate point at WEB_URL: shared slip, password-reset mail, payment return page', async () => {
    const g = await createGame('Contract Rangers', 'Spec Orient');
    const share = await player.call('POST', '/bets/share', { selections: [{ gameId: g._id, outcome: 'A' }] });
    expect(share.data.shareUrl.startsWith(`${WEB_ORIGIN}/slip/`)).toBe(true);

    const visitor = new SpecClient(platform.url);
    expect((await visitor.call('POST', '/auth/request-password-reset', { email: DEMO.email })).status).toBe(
      200,
    );
    const mail = await until(async () => {
      const res = await fetch(`${platform.url}/api/v1/dev/mail?to=${encodeURIComponent(DEMO.email)}`, {
        headers: { accept: 'application/json' },
      });
      return (await res.json()).mails[0];
    });
    expect(mail.links.some((l: string) => l.startsWith(`${WEB_ORIGIN}/reset-password/`))).toBe(true);

    // the checkout is the API's page; its way back leads to the web client's wallet
    const deposit = await player.call('POST', '/wallet/deposit/initialize', { amount: 1500 });
    expect(deposit.status, JSON.stringify(deposit.data)).toBe(200);
    expect(deposit.data.paymentLink.startsWith(`${platform.url}/api/v1/wallet/sandbox/`)).toBe(true);
    // paying on the checkout page ends with the way back to the web client's wallet
    const paid = await fetch(`${deposit.data.paymentLink}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain(`href="${WEB_ORIGIN}/wallet"`);
  });

  it('crests and avatars are absolute URLs on the API, loadable from another origin', async () => {
    const games = (await player.call('GET', '/games?limit=100')).data.games;
    const logos = games.flatMap((g: any) => [g.homeTeamLogo, g.awayTeamLogo]).filter(Boolean);
    expect(logos.length).toBeGreaterThan(0);
    for (const logo of logos) expect(logo.startsWith(`${platform.url}/api/v1/games/logos/`), logo).toBe(true);
    const crest = await fetch(logos[0], { headers: { origin: WEB_ORIGIN } });
    expect(crest.status).toBe(200);
    expect(crest.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(crest.headers.get('cross-origin-resource-policy')).toBe('cross-origin');

    const form = new FormData();
    form.append('profilePicture', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const upload = await player.call('POST', '/users/profile-picture', form);
    expect(upload.status, JSON.stringify(upload.data)).toBe(200);
    const profile = (await player.call('GET', '/users/profile')).data;
    expect(profile.profilePicture.startsWith(`${platform.url}/api/v1/users/avatars/`)).toBe(true);
    const avatar = await fetch(profile.profilePicture, { headers: { origin: WEB_ORIGIN } });
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await avatar.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('answers CORS for the configured web origin only, on the API and the socket.io handshake', async () => {
    const preflight = (origin: string) =>
      fetch(`${platform.url}/api/v1/bets`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization',
        },
      });
    const ok = await preflight(WEB_ORIGIN);
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
    expect(ok.headers.get('access-control-allow-headers') ?? '').toMatch(/authorization/i);
    expect((await preflight('http://elsewhere.test')).headers.get('access-control-allow-origin')).toBeNull();
    const bets = await player.call('GET', '/bets');
    expect(bets.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);

    const handshake = await fetch(`${platform.url}/socket.io/?EIO=4&transport=polling`, {
      headers: { origin: WEB_ORIGIN },
    });
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN);
  });

  it('a home page of crests does not spend the per-IP API budget', async () => {
    const before = await player.call('GET', '/games?limit=1');
    const remaining = Number(before.headers.get('x-ratelimit-remaining'));
    expect(remaining).toBeGreaterThan(1);
    const logo = (await player.call('GET', '/games?limit=1')).data.games[0].homeTeamLogo;
    const crests = await Promise.all(Array.from({ length: 110 }, () => fetch(logo)));
    expect(crests.every((r) => r.status === 200)).toBe(true);
    const after = await player.call('GET', '/games?limit=1');
    // two API calls since: the games list and this one, none for the 110 crests
    expect(Number(after.headers.get('x-ratelimit-remaining'))).toBe(remaining - 2);
  });
});

/** A second administrator: a new account the seeded admin promotes (four-eyes approvals). */
async function secondAdmin(): Promise<SpecClient> {
  const s = Math.random().toString(36).slice(2, 8);
  const client = new SpecClient(platform.url);
  const reg = await client.raw('POST', '/auth/register', {
    username: `admin_${s}`,
    email: `admin_${s}@example.com`,
    password: 'Correct-Horse-42',
    firstName: 'Second',
    lastName: 'Admin',
  });
  expect(reg.status, JSON.stringify(reg.data)).toBe(201);
  const promoted = await admin.call('PATCH', `/admin/users/${reg.data.user._id}/role`, { role: 'admin' });
  expect(promoted.status, JSON.stringify(promoted.data)).toBe(200);
  await client.login(`admin_${s}@example.com`, 'Correct-Horse-42');
  return client;
}
