import { WalletFreeBetTerms } from '@bet/proto-events';
import { responder } from '../context';
import { freeBetOf } from '../store/bonus';

/**
 * wallet.free_bet_terms: a token's terms for its owner (decision betting-010), read only.
 * Betting checks leagues, markets and minimum odds before it records a free bet; the debit
 * still checks owner, status, amount, odds and expiry under the token's lock.
 */
export const freeBetTermsResponder = responder(WalletFreeBetTerms, async (ctx, req) => {
  const t = await freeBetOf(ctx.db, req.freeBetId);
  if (!t || t.user_id !== req.userId)
    return { ok: false as const, reason: 'free_bet_unavailable' as const, msg: 'Free bet not found.' };
  return {
    ok: true as const,
    promotionId: t.promotion_id,
    amountCents: Number(t.amount_cents),
    minOddsMilli: t.min_odds_milli,
    leagues: t.leagues,
    markets: t.markets,
    expiresAt: new Date(t.expires_at).toISOString(),
    status: t.status,
  };
});
