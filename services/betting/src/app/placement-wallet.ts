import { type CommandReply, type CommandRequest, WalletDebit, WalletFreeBetTerms } from '@bet/proto-events';
import type { KitContext } from '../config';
import { FreeBetUnavailableError, WalletRefusedError, WalletUnavailableError } from '../domain/errors';
import type { FreeBetTerms } from '../domain/free-bets';
import type { PlacementRecord } from './placement-checks';

/** The placement saga's questions to the wallet: a free bet's terms, the stake's debit, and what a refusal answers. */

export type DebitReply = CommandReply<typeof WalletDebit>;

export const INSUFFICIENT_BALANCE = 'Insufficient balance';
/** the reject reason of a placement whose debit no wallet received */
export const WALLET_UNAVAILABLE = 'wallet_unavailable';

/**
 * A free-bet token's terms, from the wallet that keeps them (decision betting-010): asked
 * before anything is recorded, so a pick outside them is refused and nothing is left to undo.
 */
export async function askFreeBetTerms(
  ctx: KitContext,
  userId: string,
  freeBetId: string,
): Promise<FreeBetTerms> {
  let reply: CommandReply<typeof WalletFreeBetTerms>;
  try {
    reply = await ctx.request(
      WalletFreeBetTerms,
      { userId, freeBetId },
      { timeoutMs: ctx.config.WALLET_TIMEOUT_MS },
    );
  } catch (err) {
    // nothing was recorded and no money asked for: the same answer as a wallet nobody hears
    ctx.logger.warn({ err, freeBetId }, 'free-bet terms unanswered');
    throw new WalletUnavailableError();
  }
  if (!reply.ok) throw new FreeBetUnavailableError(reply.msg);
  return {
    promotionId: reply.promotionId,
    amountCents: BigInt(reply.amountCents),
    minOddsMilli: reply.minOddsMilli,
    leagues: reply.leagues,
    markets: reply.markets,
    status: reply.status,
  };
}

export function sendDebit(ctx: KitContext, p: PlacementRecord): Promise<DebitReply> {
  const request: CommandRequest<typeof WalletDebit> = {
    idempotencyKey: p.debitKey,
    userId: p.userId,
    amountCents: Number(p.amountCents),
    type: 'bet',
    reference: p.id,
    description: p.description,
    // a free bet (one bet): the token pays, checked against the bet's odds (decision wallet-008)
    ...(p.freeBetId !== null ? { freeBetId: p.freeBetId, oddsHundredths: p.bets[0].totalOdds } : {}),
    // each bet of a set settles (and is refunded) on its own: hold its stake under its id
    ...(p.bets.length > 1
      ? { holds: p.bets.map((b) => ({ reference: b.id, amountCents: Number(b.stakeCents) })) }
      : {}),
  };
  return ctx.request(WalletDebit, request, { timeoutMs: ctx.config.WALLET_TIMEOUT_MS });
}

/** The refusal a placement the wallet refused answers with: the wallet's reason is its code. */
export function refusal(reply: DebitReply): Error {
  // a debit that went through is never a refusal (answered as any unexpected error: a 500)
  if (reply.ok) return new Error('a debit the wallet accepted answered as a refusal');
  if (reply.reason === 'insufficient_funds')
    return new WalletRefusedError(reply.reason, INSUFFICIENT_BALANCE);
  if (reply.reason === 'unknown_account')
    return new WalletRefusedError(reply.reason, 'No wallet was found for your account.');
  return new WalletRefusedError(reply.reason, reply.msg || 'The wallet refused the stake.');
}
