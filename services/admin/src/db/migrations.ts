import type { Migration } from 'kysely';
import { readModels } from './migrations/0001_read_models';
import { promotions } from './migrations/0002_promotions';
import { auditLog } from './migrations/0003_audit_log';
import { promotionRules } from './migrations/0004_promotion_rules';
import { promotionUptake } from './migrations/0005_promotion_uptake';

/** Applied in name order; never edit a published migration, add the next one. */
export const migrations: Record<string, Migration> = {
  '0001_read_models': readModels,
  '0002_promotions': promotions,
  '0003_audit_log': auditLog,
  '0004_promotion_rules': promotionRules,
  '0005_promotion_uptake': promotionUptake,
};
