/**
 * Time from a games.settled event to every winning wallet credited, for N pending single
 * bets on one game (half on the winner, half not), spread over many users. The betting
 * and wallet services run in their own processes against the real Postgres and NATS.
 *
 * Seeding: the bets are written straight into betting's own tables, exactly as the saga
 * records an accepted placement (placing 100 000 bets through HTTP would take longer than
 * the measurement), and each stake goes through the real wallet.debit command, so the
 * wallet holds every stake as it does in production. Only the settlement is timed:
 * games.settled published → betting has settled every bet → every bets.settled event has
 * left betting's outbox → the wallet has posted every win (wallet.transaction_posted). Then
 * the result is corrected (A → B) and timed the same way (see `correct`).
 *
 *   node --import tsx bench/betting-settle.ts                 (2 000 bets: under a minute)
 *   node --import tsx bench/betting-settle.ts --bets 10000
 *   node --import tsx bench/betting-settle.ts --big           (10 000, then 100 000: several minutes)
 *   node --import tsx bench/betting-settle.ts --bets 100000 --no-correction   (the result only)
 *   node --import tsx bench/betting-settle.ts --mixed         (the bets spread over ten markets, issue 32)
 *   node --import tsx bench/betting-settle.ts --bets 100000 --betting-only
 *        (betting's side alone: no wallet process, no stakes debited, timed until every
 *         bets.settled has left the outbox; seeding takes seconds instead of minutes)
 */
import { parseArgs } from 'node:util';
import { type EventEnvelope, eventEnvelope, newId } from '@bet/kit';
import {
  GamesCreated,
  GamesResultCorrected,
  GamesSettled,
  WalletCredit,
  WalletDebit,
  WalletTransactionPosted,
} from '@bet/proto-events';
import { settleSelection } from '@bet/proto-events/markets';
import pg from 'pg';
import { autovacuumStandIn, cpuSeconds, startBenchStack, statementStats } from './betting-stack';
import { processCpu } from './proc';

const { values } = parseArgs({
  options: {
    bets: { type: 'string', default: '2000' },
    users: { type: 'string', default: '500' },
    big: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '64' },
    'betting-only': { type: 'boolean', default: false },
    'no-correction': { type: 'boolean', default: false },
    mixed: { type: 'boolean', default: false },
  },
});
const sizes = values.big ? [10_000, 100_000] : [Number(values.bets)];
const USERS = Number(values.users);
const CONCURRENCY = Number(values.concurrency);
const BETTING_ONLY = values['betting-only'];
const CORRECTION = !BETTING_ONLY && !values['no-correction'];

/** The result the bench settles (2–1, 1–0 at half time) and the correction's (0–1, 0–0). */
const FT = { home: 2, away: 1 };
const HT = { home: 1, away: 0 };
/**
 * The picks the bets cycle through: 1X2 alone (A wins, B loses), or with `--mixed` ten markets
 * whose results come from the catalogue's settlement (wins, losses and a push among them).
 */
const PICKS: ReadonlyArray<{ market: string; outcome: string; odds: number }> = values.mixed
  ? [
      { market: '1x2', outcome: 'A', odds: 210 },
      { market: '1x2', outcome: 'B', odds: 360 },
      { market: 'ou_2.5', outcome: 'over', odds: 190 },
      { market: 'ou_2.5', outcome: 'under', odds: 195 },
      { market: 'btts', outcome: 'yes', odds: 175 },
      { market: 'dc', outcome: 'X2', odds: 165 },
      { market: 'cs', outcome: '2-1', odds: 900 },
      { market: 'ht', outcome: 'A', odds: 280 },
      { market: 'ah_-0.5', outcome: 'A', odds: 215 },
      { market: 'eh_-1', outcome: 'Draw', odds: 370 },
    ]
  : [
      { market: '1x2', outcome: 'A', odds: 210 },
      { market: '1x2', outcome: 'B', odds: 360 },
    ];
/** Whether the wallet credits the bet (a win, or a push's stake back) at the bench's result. */
const paysOut = (p: { market: string; outcome: string }) =>
  settleSelection(p.market, p.outcome, FT, HT) !== 'lost';

/** CPU seconds used so far by each of these processes (read from /proc; gone ones are left out). */
function backendCpu(pids: number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    const cpu = processCpu(pid)?.cpu;
    if (cpu !== undefined) out.set(pid, cpu);
  }
  return out;
}

/** The CPU seconds each process spent between two readings of `cpuSeconds` (the idle ones left out). */
function cpuSpent(before: Record<string, number>, after: Record<string, number>): string {
  return Object.keys(after)
    .map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)] as const)
    .filter(([, s]) => s >= 0.05)
    .map(([k, s]) => `${k} ${s.toFixed(1)}`)
    .join(', ');
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function pool<T>(items: T[], n: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: n }, async () => {
      while (next < items.length) await fn(items[next++]);
    }),
  );
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function run(n: number) {
  const stack = await startBenchStack({
    services: BETTING_ONLY ? ['betting'] : ['wallet', 'betting'],
    env: { SETTLE_BATCH: process.env.SETTLE_BATCH ?? '1000' },
  });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  let vacuum: Awaited<ReturnType<typeof autovacuumStandIn>> | undefined;
  try {
    const gameId = newId();
    const kickOff = new Date().toISOString();
    await stack.bus.publish(
      eventEnvelope(GamesCreated, {
        game: {
          _id: gameId,
          homeTeam: 'Enyimba',
          awayTeam: 'Rivers United',
          homeTeamLogo: null,
          awayTeamLogo: null,
          league: 'Nigeria Premier Football League',
          matchDate: kickOff,
          status: 'upcoming',
          scores: { home: 0, away: 0 },
          elapsedTime: null,
          odds: { home: 2.1, draw: 3.2, away: 3.6 },
          result: null,
        },
      }),
    );
    await waitFor(
      async () => (await db.query('select 1 from betting.games where id = $1', [gameId])).rowCount === 1,
      'the game',
      10_000,
    );

    // watch the wallet's own announcements of the credits it posts, from before the seeding: the
    // seeding's own announcements are read while it runs, not in the measured window
    let seen = 0;
    let credited = 0;
    let lastCredit = 0;
    const watch = await stack.bus.consume({
      durable: 'bench-settle-watch',
      subjects: [WalletTransactionPosted.subject],
      // acks of a burst in one write: one at a time, this watcher cost more CPU than the wallet's
      // own consumer, on the cores being measured
      concurrency: 256,
      handler: async (e: EventEnvelope<any>) => {
        seen++;
        if (
          e.data.type === 'win' &&
          e.data.reference !== undefined &&
          !String(e.data.reference).startsWith('fund:')
        ) {
          credited++;
          lastCredit = performance.now();
        }
      },
    });

    const users = Array.from({ length: Math.min(USERS, n) }, () => newId());
    await pool(BETTING_ONLY ? [] : users, CONCURRENCY, async (userId) => {
      await stack.bus.request(WalletCredit.subject, {
        idempotencyKey: `fund:${userId}`,
        userId,
        amountCents: 1_000_000_000,
        type: 'win',
        reference: `fund:${userId}`,
        description: 'bench funding',
      });
    });
    const bets = Array.from({ length: n }, (_, i) => ({
      id: newId(),
      userId: users[i % users.length],
      ...PICKS[i % PICKS.length],
    }));
    const winners = bets.filter(paysOut).length;
    const seedStart = performance.now();
    const now = new Date();
    for (let i = 0; i < bets.length; i += 5_000) {
      const chunk = bets.slice(i, i + 5_000);
      const ids = chunk.map((b) => b.id);
      const userIds = chunk.map((b) => b.userId);
      await db.query('begin');
      await db.query(
        `insert into betting.placements (id, user_id, debit_key, amount_cents, description, state, next_attempt_at, created_at, updated_at)
         select id, u, 'bet:' || id, 1000, 'Single bet', 'accepted', $3, $3, $3 from unnest($1::text[], $2::text[]) as t(id, u)`,
        [ids, userIds, now],
      );
      await db.query(
        `insert into betting.bets (id, placement_id, user_id, bet_type, stake_cents, total_odds, potential_payout_cents, status, created_at)
         select id, id, u, 'single', 1000, o, o * 10, 'pending', $4
         from unnest($1::text[], $2::text[], $3::int[]) as t(id, u, o)`,
        [ids, userIds, chunk.map((b) => b.odds), now],
      );
      await db.query(
        `insert into betting.selections (bet_id, idx, game_id, market, outcome, odds)
         select id, 0, $4, m, o, p from unnest($1::text[], $2::text[], $3::text[], $5::int[]) as t(id, m, o, p)`,
        [ids, chunk.map((b) => b.market), chunk.map((b) => b.outcome), gameId, chunk.map((b) => b.odds)],
      );
      await db.query('commit');
    }
    await pool(BETTING_ONLY ? [] : bets, CONCURRENCY, async (b) => {
      const reply = await stack.bus.request<{ ok: boolean }>(
        WalletDebit.subject,
        {
          idempotencyKey: `bet:${b.id}`,
          userId: b.userId,
          amountCents: 1000,
          type: 'bet',
          reference: b.id,
          description: 'Single bet',
        },
        { timeoutMs: 30_000 },
      );
      if (!reply.ok) throw new Error('seeding debit refused');
    });
    const seeded = performance.now() - seedStart;
    // as in a database the bets reached over hours: autovacuum would have vacuumed and analyzed
    // both services' tables, and the planner would not take 100 000 fresh rows for an empty table
    await db.query('vacuum (analyze)');
    // and while the settlement runs, it goes on doing so (this machine's server runs without it)
    vacuum = await autovacuumStandIn(stack.databaseUrl);
    // one announcement per funding credit and per stake debited
    const seeding = BETTING_ONLY ? 0 : users.length + n;
    await waitFor(async () => seen >= seeding, "the seeding's announcements", Math.max(60_000, n * 2));

    const backends = async () =>
      (
        await db.query(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        )
      ).rows.map((r) => Number(r.pid));
    const statements = await statementStats(stack.databaseUrl);
    const pgBefore = backendCpu(await backends());
    const cpuBefore = cpuSeconds(stack.pids);
    let cpuRelayed: Record<string, number> = {};
    let pgOwn = 0;
    const t0 = performance.now();
    await stack.bus.publish(
      eventEnvelope(GamesSettled, {
        gameId,
        result: 'A',
        scores: FT,
        htScores: HT,
        settledAt: new Date().toISOString(),
      }),
    );
    const timeout = Math.max(120_000, n * 20);
    let tSettled = 0;
    let tRelayed = 0;
    await waitFor(
      async () => {
        if (!tSettled) {
          // stops at the first pending bet: counting them all, ten times a second, cost
          // Postgres ~2 s of CPU in a 100 000-bet run, on the cores it was measuring
          const { rows } = await db.query(
            `select exists (select 1 from betting.bets where status = 'pending') as pending`,
          );
          if (!rows[0].pending) tSettled = performance.now();
        }
        if (tSettled && !tRelayed) {
          // `exists`, like the poll above: a count walked every waiting row (1.2 s of Postgres in a run)
          const { rows } = await db.query(
            `select exists (select 1 from betting.outbox where subject = 'bets.settled' and published_at is null) as waiting`,
          );
          if (!rows[0].waiting) {
            tRelayed = performance.now();
            cpuRelayed = cpuSeconds(stack.pids);
            const after = backendCpu(await backends());
            pgOwn = [...after].reduce((sum, [pid, cpu]) => sum + cpu - (pgBefore.get(pid) ?? 0), 0);
            if (!BETTING_ONLY)
              console.log(
                `${''.padEnd(8)}betting settled all in ${secs(tSettled - t0)}, bets.settled all published at ${secs(tRelayed - t0)}; waiting for the wallet…`,
              );
          }
        }
        return tRelayed > 0 && (BETTING_ONLY || credited >= winners);
      },
      'every wallet credited',
      timeout,
    );
    await watch.stop();
    const cpuEnd = cpuSeconds(stack.pids);
    const pgEnd = backendCpu(await backends());
    const pgAll = [...pgEnd].reduce((sum, [pid, cpu]) => sum + cpu - (pgBefore.get(pid) ?? 0), 0);
    const cpuOf = (until: Record<string, number>, pg: number) =>
      `${cpuSpent(cpuBefore, until)}, of which postgres backends of this database ${pg.toFixed(1)}`;
    const cpu = cpuOf(cpuRelayed, pgOwn);
    if (BETTING_ONLY) {
      console.log(
        `${String(n).padStart(7)} bets (${winners} winners, ${users.length} users): ` +
          `betting settled all in ${secs(tSettled - t0)}, bets.settled all published at ${secs(tRelayed - t0)}` +
          `   (seeding took ${secs(seeded)})`,
      );
      console.log(`${''.padEnd(8)}CPU seconds until all published: ${cpu}`);
      return;
    }
    console.log(
      `${String(n).padStart(7)} bets (${winners} winners, ${users.length} users): ` +
        `betting settled all in ${secs(tSettled - t0)}, bets.settled all published at ${secs(tRelayed - t0)}, ` +
        `every winner credited at ${secs(lastCredit - t0)} → ${(n / ((lastCredit - t0) / 1000)).toFixed(0)} bets/s end to end` +
        `   (seeding took ${secs(seeded)})`,
    );
    console.log(`${''.padEnd(8)}CPU seconds until all published: ${cpu}`);
    console.log(`${''.padEnd(8)}CPU seconds until every winner credited: ${cpuOf(cpuEnd, pgAll)}`);
    if (statements) console.log(`statements of this database during the settlement:\n${await statements()}`);
    if (CORRECTION) await correct(db, stack, gameId, n);
  } finally {
    await vacuum?.stop();
    await db.end();
    await stack.stop();
  }
}

/**
 * The result corrected from A to B once everything is paid: betting re-settles every bet
 * (bets.settled with the difference to move), the wallet takes back each former win and pays
 * each new one. Timed until betting has re-settled and published every bet, then until the
 * wallet has applied every bet's correction (its bet_settlements level).
 */
async function correct(
  db: pg.Client,
  stack: Awaited<ReturnType<typeof startBenchStack>>,
  gameId: string,
  n: number,
) {
  const cpuBefore = cpuSeconds(stack.pids);
  const t0 = performance.now();
  await stack.bus.publish(
    eventEnvelope(GamesResultCorrected, {
      gameId,
      previousResult: 'A',
      result: 'B',
      scores: { home: 0, away: 1 },
      htScores: { home: 0, away: 0 },
      correctedAt: new Date().toISOString(),
      correctedBy: newId(),
    }),
  );
  let tPublished = 0;
  await waitFor(
    async () => {
      if (!tPublished) {
        const { rows } = await db.query(
          `select exists (select 1 from betting.bets where settlements < 2) or exists (
             select 1 from betting.outbox where subject = 'bets.settled' and published_at is null) as busy`,
        );
        if (!rows[0].busy) tPublished = performance.now();
        return false;
      }
      const { rows } = await db.query(
        'select exists (select 1 from wallet.bet_settlements where level < 1) as busy',
      );
      return !rows[0].busy;
    },
    'every correction moved',
    Math.max(120_000, n * 20),
  );
  const tMoved = performance.now();
  const cpu = cpuSeconds(stack.pids);
  console.log(
    `${''.padEnd(8)}result corrected (A → B, every bet re-settled): betting published all at ${secs(tPublished - t0)}, ` +
      `the wallet moved every bet's difference at ${secs(tMoved - t0)} → ${(n / ((tMoved - t0) / 1000)).toFixed(0)} bets/s end to end`,
  );
  console.log(`${''.padEnd(8)}CPU seconds for the correction: ${cpuSpent(cpuBefore, cpu)}`);
}

console.log(
  'settlement: games.settled → betting settles → outbox → JetStream → wallet pays; each service its own process',
);
for (const n of sizes) await run(n);
