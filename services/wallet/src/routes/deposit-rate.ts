import { Type } from '@bet/kit';
import { route } from '../context';
import { koboToCents, MIN_DEPOSIT_NGN, parseRate } from '../domain/amounts';

/** Naira amounts the deposit form offers with one tap. */
export const DEPOSIT_PRESETS_NGN = [5_000, 10_000, 20_000, 50_000];

/**
 * The deposit form's rate card: what each naira amount will credit in dollars, computed the way
 * the credit itself is (kobo → cents at NGN_PER_USD, rounded down), so the form never promises
 * more than the wallet pays.
 */
export const depositRateRoute = route('GET /api/v1/wallet/deposit/rate', (app, ctx) => {
  app.get(
    '/api/v1/wallet/deposit/rate',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'The NGN → USD deposit rate, the minimum, and the preset amounts with what they credit',
        response: {
          200: Type.Object({
            currency: Type.Literal('NGN'),
            ngnPerUsd: Type.Number(),
            minAmount: Type.Number(),
            presets: Type.Array(Type.Object({ amount: Type.Number(), credits: Type.Number() })),
          }),
        },
      },
    },
    async () => {
      const rate = parseRate(ctx.config.NGN_PER_USD);
      const credits = (ngn: number) => Number(koboToCents(BigInt(ngn) * 100n, rate)) / 100;
      return {
        currency: 'NGN' as const,
        ngnPerUsd: ctx.config.NGN_PER_USD,
        minAmount: MIN_DEPOSIT_NGN,
        presets: DEPOSIT_PRESETS_NGN.map((amount) => ({ amount, credits: credits(amount) })),
      };
    },
  );
});
