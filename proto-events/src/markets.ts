import { Type } from '@sinclair/typebox';

// The catalogue itself has no schema dependency, so the web can import it alone
// (`@bet/proto-events/markets`) without pulling typebox or the events into its bundle.
export * from './market-catalogue';

// ── schemas for events and payloads ─────────────────────────────────────────
/** a market key of the catalogue; absent means 1X2 */
export const MarketKey = Type.String({ minLength: 1, maxLength: 16, pattern: '^[a-z0-9_.+-]+$' });
/** an outcome code of some market (A / Draw / B for 1X2) */
export const OutcomeCode = Type.String({ minLength: 1, maxLength: 12 });
export const MarketStatus = Type.Union([
  Type.Literal('open'),
  Type.Literal('suspended'),
  Type.Literal('settled'),
  Type.Literal('void'),
]);
/**
 * Every market's prices of a game in integer hundredths, by market key then outcome code;
 * null: the outcome is not offered now (already decided in play).
 */
export const MarketOdds = Type.Record(
  Type.String(),
  Type.Record(Type.String(), Type.Union([Type.Integer({ minimum: 101 }), Type.Null()])),
);
