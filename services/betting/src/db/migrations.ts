import type { Migration } from 'kysely';
import { init } from './migrations/0001_betting_init';
import { bookingCodes } from './migrations/0002_booking_codes';
import { outsideStakes } from './migrations/0003_outside_stakes';
import { exclusions } from './migrations/0004_exclusions';
import { settlementFlags } from './migrations/0005_settlement_flags';
import { markets } from './migrations/0006_markets';
import { liveTrading } from './migrations/0007_live_trading';
import { marketControl } from './migrations/0008_market_control';
import { idempotencyKeys } from './migrations/0009_idempotency_keys';
import { freeBets } from './migrations/0010_free_bets';
import { promotions } from './migrations/0011_promotions';
import { freeBetPromotion } from './migrations/0012_free_bet_promotion';

/** Every migration of the service, applied in name order (deployed databases record these names). */
export const migrations: Record<string, Migration> = {
  '0001_betting_init': init,
  '0002_booking_codes': bookingCodes,
  '0003_outside_stakes': outsideStakes,
  '0004_exclusions': exclusions,
  '0005_settlement_flags': settlementFlags,
  '0006_markets': markets,
  '0007_live_trading': liveTrading,
  '0008_market_control': marketControl,
  '0009_idempotency_keys': idempotencyKeys,
  '0010_free_bets': freeBets,
  '0011_promotions': promotions,
  '0012_free_bet_promotion': freeBetPromotion,
};
