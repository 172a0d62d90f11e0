import { freeBetRefusal } from '../domain/bonus';
import { freeBetReturnPostings, freeBetStakePostings } from '../domain/postings';
import { lockFreeBet, lockFreeBetOfBet, setFreeBetUse } from '../store/bonus';
import type { Trx } from '../store/db';
import { addHolds, releaseHold } from '../store/holds';
import { type Posted, postTransaction } from '../store/ledger';
import type { MoneyMovement } from './money';

/**
 * Free-bet tokens as stakes (decision wallet-008). The token pays the stake from the
 * promotions account into bets in play, held under the bet like any stake, so a win pays
 * through the ordinary payout (betting sends the winnings only: stake not returned) and a
 * loss goes to the house as any lost stake. A void gives the stake back to promotions and
 * the token back to the player, usable again until its expiry.
 */
export class FreeBetRefusedError extends Error {
  override name = 'FreeBetRefusedError';
}

export async function stakeFreeBet(
  trx: Trx,
  m: MoneyMovement,
  use: { freeBetId: string; oddsHundredths: number | undefined; bets: number; at: Date },
): Promise<Posted> {
  const token = await lockFreeBet(trx, use.freeBetId);
  // a replay of the debit that used it answers that debit (postTransaction sees the key)
  const replay = token?.status === 'used' && token.bet_reference === m.reference;
  if (!replay) {
    const why = freeBetRefusal(
      token && {
        userId: token.user_id,
        amountCents: BigInt(token.amount_cents),
        minOddsMilli: token.min_odds_milli,
        expiresAt: new Date(token.expires_at),
        status: token.status,
      },
      {
        userId: m.userId,
        amountCents: m.amountCents,
        oddsMilli: (use.oddsHundredths ?? 0) * 10,
        bets: use.bets,
        at: use.at,
      },
    );
    if (why) throw new FreeBetRefusedError(why);
  }
  return postTransaction(
    trx,
    {
      key: m.key,
      type: 'free_bet_stake',
      userId: m.userId,
      reference: m.reference,
      description: `${m.description} (free bet)`,
      requested: 0n,
      metadata: { userId: m.userId, freeBetId: use.freeBetId },
    },
    async () => {
      await addHolds(trx, m.userId, [{ reference: m.reference, amount: m.amountCents }]);
      await setFreeBetUse(trx, use.freeBetId, m.reference);
      return freeBetStakePostings(m.amountCents);
    },
  );
}

/**
 * A void (or a refused placement's refund) of a bet a token paid: the held stake goes back to
 * promotions and the token is the player's again. Undefined when no token paid this bet.
 */
export async function returnFreeBet(
  trx: Trx,
  m: { key: string; userId: string; reference: string; description: string },
): Promise<Posted | undefined> {
  const token = await lockFreeBetOfBet(trx, m.reference);
  if (!token) return undefined;
  return postTransaction(
    trx,
    {
      key: m.key,
      type: 'free_bet_return',
      userId: m.userId,
      reference: m.reference,
      description: `${m.description} (free bet given back)`,
      requested: 0n,
      metadata: { userId: m.userId, freeBetId: token.id },
    },
    async () => {
      const held = await releaseHold(trx, m.reference, m.userId);
      await setFreeBetUse(trx, token.id, null);
      return held > 0n ? freeBetReturnPostings(held) : [];
    },
  );
}
