import { type Kysely, sql } from 'kysely';
import type { AviatorBetFact, AviatorFacts, AviatorRoundFact } from './aviator';
import {
  type BetFact,
  type HoldFact,
  type PlacementFact,
  type PlatformFacts,
  type PlatformReport,
  platformChecks,
  type WalletKeyFact,
} from './checks';

/**
 * Reads what betting decided and what the wallet moved, each side in one repeatable-read
 * snapshot, betting first: anything betting decided before its snapshot has had the grace
 * period to reach the wallet by the time the wallet is read.
 */
export async function readPlatformFacts(betting: Kysely<any>, wallet: Kysely<any>): Promise<PlatformFacts> {
  const fromBetting = await betting
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const bets = await sql<{
        id: string;
        user_id: string;
        status: string;
        payout_cents: string;
        settlements: number;
        at: Date;
      }>`select id, user_id, status, payout_cents, settlements, coalesce(settled_at, created_at) as at
         from bets where status <> 'rejected'`.execute(trx);
      const placements = await sql<{
        id: string;
        user_id: string;
        debit_key: string;
        state: PlacementFact['state'];
        refund_state: PlacementFact['refundState'];
        amount_cents: string;
        bet_ids: string[] | null;
        updated_at: Date;
      }>`select p.id, p.user_id, p.debit_key, p.state, p.refund_state, p.amount_cents, p.updated_at,
           array_agg(b.id) as bet_ids
         from placements p left join bets b on b.placement_id = p.id
         group by p.id`.execute(trx);
      return { bets: bets.rows, placements: placements.rows };
    });
  const fromWallet = await wallet
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const keys = await sql<{ key: string; user_amount: string; at: Date }>`
        select t.idempotency_key as key, t.created_at as at,
          coalesce(sum(p.amount) filter (where p.account_id = coalesce(t.user_id, t.metadata->>'userId')), 0) as user_amount
        from transactions t left join postings p on p.transaction_id = t.id
        where t.idempotency_key ~ '^(win|acca_bonus|lost|refund|cashout|bet|betset|aviator_bet|aviator_win|aviator_lost):'
        group by t.id`.execute(trx);
      const holds = await sql<{ reference: string; user_id: string; amount: string; updated_at: Date }>`
        select reference, user_id, amount, updated_at from holds where amount > 0`.execute(trx);
      const aviator = await sql<{ reference: string }>`
        select distinct reference from transactions where type = 'aviator_bet'`.execute(trx);
      const levels = await sql<{ bet_id: string; level: number }>`
        select bet_id, level from bet_settlements`.execute(trx);
      return { keys: keys.rows, holds: holds.rows, aviator: aviator.rows, levels: levels.rows };
    });
  return {
    bets: fromBetting.bets.map(
      (b): BetFact => ({
        id: b.id,
        userId: b.user_id,
        status: b.status,
        payoutCents: BigInt(b.payout_cents),
        settlements: Number(b.settlements),
        at: new Date(b.at),
      }),
    ),
    placements: fromBetting.placements.map(
      (p): PlacementFact => ({
        id: p.id,
        userId: p.user_id,
        debitKey: p.debit_key,
        state: p.state,
        refundState: p.refund_state,
        amountCents: BigInt(p.amount_cents),
        betIds: (p.bet_ids ?? []).filter(Boolean),
        updatedAt: new Date(p.updated_at),
      }),
    ),
    walletKeys: new Map(
      fromWallet.keys.map((k): [string, WalletKeyFact] => [
        k.key,
        { key: k.key, userAmount: BigInt(k.user_amount), at: new Date(k.at) },
      ]),
    ),
    holds: fromWallet.holds.map(
      (h): HoldFact => ({
        reference: h.reference,
        userId: h.user_id,
        amountCents: BigInt(h.amount),
        at: new Date(h.updated_at),
      }),
    ),
    aviatorReferences: new Set(fromWallet.aviator.map((a) => a.reference)),
    settlementLevels: new Map(fromWallet.levels.map((l) => [l.bet_id, Number(l.level)])),
  };
}

/**
 * Aviator's bets and rounds in one repeatable-read snapshot. Read before the wallet, like
 * betting: what Aviator decided has had the grace period to reach the wallet.
 */
export async function readAviatorFacts(aviator: Kysely<any>): Promise<AviatorFacts> {
  return aviator
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const bets = await sql<{
        id: string;
        user_id: string;
        round_id: string;
        status: AviatorBetFact['status'];
        stake_cents: string;
        payout_cents: string | null;
        refund_state: AviatorBetFact['refundState'];
        at: Date;
      }>`select id, user_id, round_id, status, stake_cents, payout_cents, refund_state,
           coalesce(settled_at, created_at) as at from bets`.execute(trx);
      const rounds = await sql<{
        id: string;
        state: AviatorRoundFact['state'];
        bets: number;
        staked_cents: string;
        paid_cents: string;
        at: Date;
      }>`select id, state, bets, staked_cents, paid_cents,
           coalesce(crashed_at, started_at, created_at) as at from rounds`.execute(trx);
      return {
        bets: bets.rows.map(
          (b): AviatorBetFact => ({
            id: b.id,
            userId: b.user_id,
            roundId: b.round_id,
            status: b.status,
            stakeCents: BigInt(b.stake_cents),
            payoutCents: BigInt(b.payout_cents ?? 0),
            refundState: b.refund_state,
            at: new Date(b.at),
          }),
        ),
        rounds: rounds.rows.map(
          (r): AviatorRoundFact => ({
            id: r.id,
            state: r.state,
            bets: Number(r.bets),
            stakedCents: BigInt(r.staked_cents),
            paidCents: BigInt(r.paid_cents),
            at: new Date(r.at),
          }),
        ),
      };
    });
}

/** Reads every side (Aviator when given) and runs every check. */
export async function reconcilePlatform(
  betting: Kysely<any>,
  wallet: Kysely<any>,
  opts: { graceMs?: number; now?: () => Date; aviator?: Kysely<any> } = {},
): Promise<PlatformReport> {
  const aviator = opts.aviator ? await readAviatorFacts(opts.aviator) : undefined;
  const facts = await readPlatformFacts(betting, wallet);
  return platformChecks({ ...facts, aviator }, (opts.now ?? (() => new Date()))(), opts.graceMs ?? 60_000);
}
