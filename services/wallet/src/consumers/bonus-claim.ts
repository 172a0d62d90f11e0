import { DomainError } from '@bet/kit/core';
import { WalletBonusClaim } from '@bet/proto-events';
import { claimPromotion } from '../app/bonus-claims';
import { responder } from '../context';
import { ExcludedError } from '../domain/errors';

/** wallet.bonus_claim: a player's opt-in to a promotion (decision wallet-007). */
export const bonusClaimResponder = responder(
  WalletBonusClaim,
  async (ctx, req) => {
    try {
      const { claim, created } = await claimPromotion(ctx, {
        userId: req.userId,
        promotionId: req.promotionId,
        kind: req.rules.kind,
        rules: req.rules,
        offerExpiresAt: req.offerExpiresAt ? new Date(req.offerExpiresAt) : null,
      });
      return { ok: true as const, claimId: claim.id, created };
    } catch (err) {
      if (err instanceof ExcludedError)
        return { ok: false as const, reason: 'self_excluded' as const, msg: err.message };
      if (err instanceof DomainError)
        return { ok: false as const, reason: 'invalid' as const, msg: err.message };
      throw err;
    }
  },
  {
    invalid: (problems) => ({
      ok: false as const,
      reason: 'invalid' as const,
      msg: `Invalid request: ${problems.join('; ')}`,
    }),
  },
);
