import { adminAdjustWalletRoute } from './admin-adjust-wallet';
import { adminAdjustmentsRoute } from './admin-adjustments';
import { adminApproveAdjustmentRoute } from './admin-approve-adjustment';
import { adminClosedPayoutRoute } from './admin-closed-payout';
import { adminHeldDepositsRoute } from './admin-held-deposits';
import { adminProcessWithdrawalRoute } from './admin-process-withdrawal';
import { adminReconcileRoute } from './admin-reconcile';
import { adminUserTransactionsRoute } from './admin-user-transactions';
import { adminWithdrawalsRoute } from './admin-withdrawals';
import { depositInitializeRoute } from './deposit-initialize';
import { depositRateRoute } from './deposit-rate';
import { depositWebhookRoute } from './deposit-webhook';
import { paymentConfigRoute } from './payment-config';
import { promotionsMineRoute } from './promotions-mine';
import { requestWithdrawalRoute } from './request-withdrawal';
import { sandboxCheckoutRoute } from './sandbox-checkout';
import { sandboxCheckoutCancelRoute } from './sandbox-checkout-cancel';
import { sandboxCheckoutPayRoute } from './sandbox-checkout-pay';
import { walletBalanceRoute } from './wallet-balance';
import { walletSummaryRoute } from './wallet-summary';
import { walletTransactionsRoute } from './wallet-transactions';

export const routes = [
  // the player's wallet
  walletBalanceRoute,
  walletSummaryRoute,
  walletTransactionsRoute,
  // bonus money of the promotions the player claimed (issue 33)
  promotionsMineRoute,
  // deposits (the sandbox checkout only when the sandbox takes them)
  depositInitializeRoute,
  depositWebhookRoute,
  depositRateRoute,
  paymentConfigRoute,
  sandboxCheckoutRoute,
  sandboxCheckoutPayRoute,
  sandboxCheckoutCancelRoute,
  // withdrawals
  requestWithdrawalRoute,
  adminWithdrawalsRoute,
  adminProcessWithdrawalRoute,
  // admin: adjustments, statements, reconciliation, closed wallets
  adminAdjustWalletRoute,
  adminUserTransactionsRoute,
  adminAdjustmentsRoute,
  adminApproveAdjustmentRoute,
  adminReconcileRoute,
  adminClosedPayoutRoute,
  adminHeldDepositsRoute,
];
