import { Type } from '@bet/kit';

/** The admin service's own settings (documented in the README). */
export const adminConfig = {
  /** how long the user-details view waits for the wallet's live balance before using its read model */
  /** how often the dashboard's figures are checked, and pushed to admins when they moved */
  ADMIN_FIGURES_PUSH_MS: Type.Integer({ default: 2_000, minimum: 100, maximum: 600_000 }),
  BALANCE_TIMEOUT_MS: Type.Integer({ default: 150, minimum: 10, maximum: 10_000 }),
  /** how often every promotion is announced again (also once at start; decision betting-010) */
  PROMOTIONS_REPUBLISH_MS: Type.Integer({ default: 3_600_000, minimum: 1_000, maximum: 86_400_000 }),
  /** days of figures the dashboard's charts show when the caller does not say */
  FIGURES_DEFAULT_DAYS: Type.Integer({ default: 30, minimum: 1, maximum: 366 }),
};
