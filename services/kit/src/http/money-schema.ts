import { Type } from '@sinclair/typebox';
import { MONEY_STRING_PATTERN, SIGNED_MONEY_STRING_PATTERN } from '../money';

/** The route schema of a money field: a number or a strict decimal string (see parseMoney). */
export function MoneySchema(opts: { description?: string; signed?: boolean } = {}) {
  return Type.Union(
    [
      Type.Number(),
      Type.String({
        pattern: opts.signed ? SIGNED_MONEY_STRING_PATTERN : MONEY_STRING_PATTERN,
        maxLength: 24,
      }),
    ],
    { description: opts.description ?? 'dollars: a number or a decimal string, at most two decimals' },
  );
}
