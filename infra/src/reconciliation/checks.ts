import { type AviatorFacts, aviatorChecks } from './aviator';
import type { HoldFact, PlatformCheck, WalletKeyFact } from './facts';

export type { HoldFact, PlatformCheck, WalletKeyFact } from './facts';

/**
 * The cross-service reconciliation: what betting (and Aviator) decided against what the wallet moved.
 * Pure functions over facts read from both services (see ./read.ts). Each check lists its
 * violations; rows younger than the grace period are skipped (their events may be in flight).
 */

export interface BetFact {
  id: string;
  userId: string;
  status: string;
  /** won: winnings; cancelled: refund; cashed_out: the cash-out; else 0 */
  payoutCents: bigint;
  /** bets.settled events published (the first result and its corrections) */
  settlements: number;
  /** when the bet last changed state (settled, voided, cashed out) or was placed */
  at: Date;
}

export interface PlacementFact {
  id: string;
  userId: string;
  debitKey: string;
  state: 'pending_payment' | 'accepted' | 'rejected';
  refundState: 'due' | 'done' | null;
  amountCents: bigint;
  betIds: string[];
  updatedAt: Date;
}

export interface PlatformFacts {
  bets: BetFact[];
  placements: PlacementFact[];
  walletKeys: Map<string, WalletKeyFact>;
  holds: HoldFact[];
  /** references of Aviator stakes (their holds belong to Aviator rounds, not to bets) */
  aviatorReferences: Set<string>;
  /** the wallet's record of how far each bet's settlement was applied (0 = first result) */
  settlementLevels: Map<string, number>;
  /** Aviator's bets and rounds, when its schema was read (./aviator.ts) */
  aviator?: AviatorFacts;
}

export interface PlatformReport {
  ok: boolean;
  checkedAt: string;
  checks: PlatformCheck[];
}

const SHOW = 20;

function check(name: string, description: string, checked: number, violations: string[]): PlatformCheck {
  const shown =
    violations.length > SHOW
      ? [...violations.slice(0, SHOW), `… and ${violations.length - SHOW} more`]
      : violations;
  return {
    name,
    description,
    checked,
    violations: shown,
    found: violations.length,
    ok: violations.length === 0,
  };
}

const dollars = (c: bigint) =>
  `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;

/** The wallet key a bet's final state must have left, and the amount it must have credited. */
function expectedKey(b: BetFact): { key: string; credit: bigint | null } | null {
  switch (b.status) {
    case 'won':
    case 'lost':
      // the first result's key stays whatever corrections came after; its amount only
      // matches the bet when there was no correction
      return null;
    case 'cashed_out':
      return b.payoutCents > 0n
        ? { key: `cashout:${b.id}`, credit: b.payoutCents }
        : { key: `lost:${b.id}`, credit: 0n };
    case 'cancelled':
      return b.payoutCents > 0n ? { key: `refund:${b.id}`, credit: b.payoutCents } : null;
    default:
      return null;
  }
}

export function platformChecks(facts: PlatformFacts, now: Date, graceMs: number): PlatformReport {
  const settled = (at: Date) => now.getTime() - at.getTime() >= graceMs;
  const checks: PlatformCheck[] = [];

  // 1. every decided bet has its wallet movement, once, for the right amount
  {
    const v: string[] = [];
    let n = 0;
    for (const b of facts.bets) {
      if (!settled(b.at)) continue;
      if (b.status === 'won' || b.status === 'lost') {
        n++;
        const win = facts.walletKeys.get(`win:${b.id}`);
        const lost = facts.walletKeys.get(`lost:${b.id}`);
        if (!win && !lost) v.push(`bet ${b.id} (${b.status}) has no win:/lost: movement in the wallet`);
        if (win && lost) v.push(`bet ${b.id} has both a win: and a lost: movement`);
        // a won multi's accumulator bonus (issue 33, betting-009) is part of its payout, paid as its own line
        const bonus = facts.walletKeys.get(`acca_bonus:${b.id}`)?.userAmount ?? 0n;
        if (b.settlements === 1 && b.status === 'won' && win && win.userAmount + bonus !== b.payoutCents)
          v.push(
            `bet ${b.id} won ${dollars(b.payoutCents)} but the wallet paid ${dollars(win.userAmount + bonus)}`,
          );
        const level = facts.settlementLevels.get(b.id);
        if (b.settlements > 0 && level !== b.settlements - 1)
          v.push(
            `bet ${b.id}: ${b.settlements - 1} correction(s) published, the wallet applied ${level === undefined ? 'none of its settlement' : level}`,
          );
        continue;
      }
      const want = expectedKey(b);
      if (!want) continue;
      n++;
      const got = facts.walletKeys.get(want.key);
      if (!got) v.push(`bet ${b.id} (${b.status}) has no ${want.key.split(':')[0]}: movement in the wallet`);
      else if (
        want.credit !== null &&
        want.key.startsWith('lost:') === false &&
        got.userAmount !== want.credit
      )
        v.push(
          `bet ${b.id}: ${want.key} credited ${dollars(got.userAmount)}, expected ${dollars(want.credit)}`,
        );
    }
    checks.push(
      check(
        'decided-bets-moved-money',
        'every settled, voided or cashed-out bet has its wallet key (win:/lost:, refund:, cashout:) with the amount betting decided',
        n,
        v,
      ),
    );
  }

  // 2. every hold belongs to a bet still in play (or an Aviator round)
  {
    const live = new Map(facts.bets.map((b) => [b.id, b]));
    const v: string[] = [];
    let n = 0;
    for (const h of facts.holds) {
      if (h.amountCents <= 0n || !settled(h.at)) continue;
      n++;
      if (facts.aviatorReferences.has(h.reference)) continue;
      const bet = live.get(h.reference);
      if (!bet) v.push(`hold ${h.reference} (${dollars(h.amountCents)}) belongs to no bet`);
      else if (bet.status !== 'pending')
        v.push(`hold ${h.reference} (${dollars(h.amountCents)}) belongs to a bet that is ${bet.status}`);
    }
    checks.push(
      check(
        'holds-belong-to-live-bets',
        'every stake held in bets-in-play belongs to a bet still in play',
        n,
        v,
      ),
    );
  }

  // 3. placements and debits agree both ways
  {
    const byKey = new Map(facts.placements.map((p) => [p.debitKey, p]));
    const v: string[] = [];
    let n = 0;
    for (const p of facts.placements) {
      if (!settled(p.updatedAt)) continue;
      n++;
      const debit = facts.walletKeys.get(p.debitKey);
      if (p.state === 'accepted') {
        if (!debit) v.push(`placement ${p.id} was accepted but the wallet has no debit ${p.debitKey}`);
        else if (debit.userAmount !== -p.amountCents)
          v.push(`placement ${p.id}: debit ${dollars(-debit.userAmount)}, stake ${dollars(p.amountCents)}`);
      } else if (p.state === 'pending_payment') {
        v.push(`placement ${p.id} is still waiting for its debit`);
      } else if (debit) {
        // a rejected placement whose stake was taken anyway must have been given back
        const refunded = p.betIds.every((id) => facts.walletKeys.has(`refund:${id}`));
        if (!refunded)
          v.push(`placement ${p.id} was rejected but its debit ${p.debitKey} was taken and not refunded`);
      }
    }
    for (const [key, k] of facts.walletKeys) {
      if (!/^(bet|betset):/.test(key) || !settled(k.at)) continue;
      n++;
      if (!byKey.has(key)) v.push(`wallet debit ${key} (${dollars(-k.userAmount)}) belongs to no placement`);
    }
    checks.push(
      check(
        'placements-match-debits',
        'every accepted placement has its debit, and every debit belongs to an accepted placement (or was refunded)',
        n,
        v,
      ),
    );
  }

  if (facts.aviator) checks.push(...aviatorChecks(facts.aviator, facts, settled, check));

  return { ok: checks.every((c) => c.ok), checkedAt: now.toISOString(), checks };
}

export function formatPlatformReport(report: PlatformReport): string {
  const lines = [`Platform reconciliation (betting and Aviator × wallet) at ${report.checkedAt}`];
  for (const c of report.checks) {
    lines.push(`${c.ok ? 'ok  ' : 'FAIL'}  ${c.name}: ${c.description} (${c.checked} checked)`);
    for (const v of c.violations) lines.push(`        - ${v}`);
  }
  lines.push(report.ok ? 'Betting and the wallet agree.' : 'Betting and the wallet disagree.');
  return lines.join('\n');
}
