/**
 * Aviator against the wallet: pure checks over facts read from both (./read.ts). Rows younger
 * than the grace period are skipped, as in ./checks.ts (their money may be in flight).
 */
import type { HoldFact, PlatformCheck, WalletKeyFact } from './facts';

export interface AviatorBetFact {
  id: string;
  userId: string;
  roundId: string;
  status: 'placing' | 'active' | 'cashed_out' | 'lost' | 'rejected';
  stakeCents: bigint;
  payoutCents: bigint;
  refundState: 'due' | 'done' | null;
  /** when the bet was settled, or placed */
  at: Date;
}

export interface AviatorRoundFact {
  id: string;
  state: 'betting' | 'running' | 'crashed';
  bets: number;
  stakedCents: bigint;
  paidCents: bigint;
  at: Date;
}

export interface AviatorFacts {
  bets: AviatorBetFact[];
  rounds: AviatorRoundFact[];
}

type Check = (name: string, description: string, checked: number, violations: string[]) => PlatformCheck;

const dollars = (c: bigint) =>
  `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;

export function aviatorChecks(
  aviator: AviatorFacts,
  wallet: { walletKeys: Map<string, WalletKeyFact>; holds: HoldFact[]; aviatorReferences: Set<string> },
  settled: (at: Date) => boolean,
  check: Check,
): PlatformCheck[] {
  const checks: PlatformCheck[] = [];
  const keys = wallet.walletKeys;
  const byId = new Map(aviator.bets.map((b) => [b.id, b]));

  // 1. every settled Aviator bet has its wallet keys, for the right amounts; every stake taken
  //    belongs to a bet
  {
    const v: string[] = [];
    let n = 0;
    for (const b of aviator.bets) {
      if (!settled(b.at)) continue;
      const stake = keys.get(`aviator_bet:${b.id}`);
      const win = keys.get(`aviator_win:${b.id}`);
      const lost = keys.get(`aviator_lost:${b.id}`);
      const refund = keys.get(`refund:${b.id}`);
      if (b.status === 'cashed_out' || b.status === 'lost') {
        n++;
        if (!stake) v.push(`aviator bet ${b.id} (${b.status}) has no aviator_bet: stake in the wallet`);
        else if (stake.userAmount !== -b.stakeCents)
          v.push(
            `aviator bet ${b.id}: stake ${dollars(b.stakeCents)}, debited ${dollars(-stake.userAmount)}`,
          );
        if (win && lost) v.push(`aviator bet ${b.id} has both an aviator_win: and an aviator_lost: movement`);
        if (b.status === 'cashed_out') {
          if (!win)
            v.push(`aviator bet ${b.id} cashed out ${dollars(b.payoutCents)} but has no aviator_win:`);
          else if (win.userAmount !== b.payoutCents)
            v.push(
              `aviator bet ${b.id} won ${dollars(b.payoutCents)}, the wallet paid ${dollars(win.userAmount)}`,
            );
        } else if (!lost) v.push(`aviator bet ${b.id} was lost but has no aviator_lost:`);
      } else if (b.status === 'rejected') {
        n++;
        if (win || lost) v.push(`aviator bet ${b.id} was refused but was settled in the wallet`);
        if (b.refundState === 'due')
          v.push(`aviator bet ${b.id} was refused and its stake is not settled yet`);
        else if (stake && !refund)
          v.push(
            `aviator bet ${b.id} was refused but its stake ${dollars(-stake.userAmount)} was not given back`,
          );
      }
    }
    for (const [key, k] of keys) {
      if (!key.startsWith('aviator_bet:') || !settled(k.at)) continue;
      n++;
      if (!byId.has(key.slice('aviator_bet:'.length)))
        v.push(`wallet stake ${key} (${dollars(-k.userAmount)}) belongs to no Aviator bet`);
    }
    checks.push(
      check(
        'aviator-bets-moved-money',
        'every settled Aviator bet has its stake (aviator_bet:) and its aviator_win:/aviator_lost: with the amounts Aviator decided; a refused bet kept no stake',
        n,
        v,
      ),
    );
  }

  // 2. every Aviator hold belongs to a bet in the air
  {
    const v: string[] = [];
    let n = 0;
    for (const h of wallet.holds) {
      if (h.amountCents <= 0n || !wallet.aviatorReferences.has(h.reference) || !settled(h.at)) continue;
      n++;
      const bet = byId.get(h.reference);
      if (!bet) v.push(`hold ${h.reference} (${dollars(h.amountCents)}) belongs to no Aviator bet`);
      else if (bet.status !== 'active' && bet.status !== 'placing')
        v.push(
          `hold ${h.reference} (${dollars(h.amountCents)}) belongs to an Aviator bet that is ${bet.status}`,
        );
    }
    checks.push(
      check(
        'aviator-holds-belong-to-active-bets',
        'every Aviator stake held in bets-in-play belongs to an Aviator bet still in the air',
        n,
        v,
      ),
    );
  }

  // 3. a round's totals are its bets'
  {
    const v: string[] = [];
    let n = 0;
    const flown = new Map<string, { bets: number; staked: bigint; paid: bigint }>();
    for (const b of aviator.bets) {
      if (b.status === 'rejected' || b.status === 'placing') continue;
      const t = flown.get(b.roundId) ?? { bets: 0, staked: 0n, paid: 0n };
      t.bets++;
      t.staked += b.stakeCents;
      if (b.status === 'cashed_out') t.paid += b.payoutCents;
      flown.set(b.roundId, t);
    }
    for (const r of aviator.rounds) {
      if (r.state === 'betting' || !settled(r.at)) continue;
      n++;
      const t = flown.get(r.id) ?? { bets: 0, staked: 0n, paid: 0n };
      if (r.bets !== t.bets || r.stakedCents !== t.staked || r.paidCents !== t.paid)
        v.push(
          `round ${r.id}: totals ${r.bets} bets, ${dollars(r.stakedCents)} staked, ${dollars(r.paidCents)} paid; its bets ${t.bets}, ${dollars(t.staked)}, ${dollars(t.paid)}`,
        );
      if (r.state === 'crashed')
        for (const b of aviator.bets)
          if (b.roundId === r.id && (b.status === 'active' || b.status === 'placing'))
            v.push(`round ${r.id} crashed with bet ${b.id} still ${b.status}`);
    }
    checks.push(
      check(
        'aviator-round-totals',
        "every Aviator round's bets, staked and paid totals equal its bets'",
        n,
        v,
      ),
    );
  }
  return checks;
}
