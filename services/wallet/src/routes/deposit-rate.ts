import { perCurrency, Type } from '@bet/kit';
import { route } from '../context';
import { depositRate, koboToCents, MIN_DEPOSIT_NGN } from '../domain/amounts';

/**
 * Naira amounts the deposit form offers with one tap: the spec's dollar deployment keeps its
 * presets; a naira deployment offers what Nigerian players deposit (₦1,000 … ₦50,000).
 */
export const depositPresetsNgn = () =>
  perCurrency({ USD: [5_000, 10_000, 20_000, 50_000], NGN: [1_000, 5_000, 10_000, 50_000] });

/**
 * The deposit form's rate card: what each naira amount will credit in the wallet's currency,
 * computed the way the credit itself is (kobo → cents at NGN_PER_USD, rounded down; one for
 * one in a naira deployment), so the form never promises more than the wallet pays.
 */
export const depositRateRoute = route('GET /api/v1/wallet/deposit/rate', (app, ctx) => {
  app.get(
    '/api/v1/wallet/deposit/rate',
    {
      config: { auth: 'public' },
      schema: {
        summary:
          'The deposit rate (NGN → the wallet currency; 1 in a naira deployment), the minimum, and the preset amounts with what they credit',
        response: {
          200: Type.Object({
            currency: Type.Literal('NGN', { description: 'the currency deposits are paid in' }),
            walletCurrency: Type.Union([Type.Literal('USD'), Type.Literal('NGN')], {
              description: 'the currency deposits are credited in (CURRENCY); NGN: no conversion',
            }),
            ngnPerUsd: Type.Number({ description: 'naira per credited unit: 1 when the wallet is in naira' }),
            minAmount: Type.Number(),
            presets: Type.Array(Type.Object({ amount: Type.Number(), credits: Type.Number() })),
          }),
        },
      },
    },
    async () => {
      const rate = depositRate(ctx.config.CURRENCY, ctx.config.NGN_PER_USD);
      const credits = (ngn: number) => Number(koboToCents(BigInt(ngn) * 100n, rate)) / 100;
      return {
        currency: 'NGN' as const,
        walletCurrency: ctx.config.CURRENCY,
        ngnPerUsd: ctx.config.CURRENCY === 'NGN' ? 1 : ctx.config.NGN_PER_USD,
        minAmount: MIN_DEPOSIT_NGN,
        presets: depositPresetsNgn().map((amount) => ({ amount, credits: credits(amount) })),
      };
    },
  );
});
