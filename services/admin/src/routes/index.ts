import { auditLogRoute } from './audit-log';
import { dailyFiguresRoute } from './daily-figures';
import { financialRoute } from './financial';
import { platformStatsRoute } from './platform-stats';
import { promotionClaimRoute } from './promotion-claim';
import { promotionCreateRoute } from './promotion-create';
import { promotionDeleteRoute } from './promotion-delete';
import { promotionUpdateRoute } from './promotion-update';
import { promotionsAllRoute } from './promotions-all';
import { promotionsOnOfferRoute } from './promotions-on-offer';
import { userDetailsRoute } from './user-details';

export const routes = [
  platformStatsRoute,
  financialRoute,
  dailyFiguresRoute,
  userDetailsRoute,
  promotionsOnOfferRoute,
  promotionsAllRoute,
  promotionCreateRoute,
  promotionUpdateRoute,
  promotionDeleteRoute,
  promotionClaimRoute,
  auditLogRoute,
];
