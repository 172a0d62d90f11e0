import { adminUserRoute } from './admin-user';
import { adminUserDeleteRoute } from './admin-user-delete';
import { adminUserRoleRoute } from './admin-user-role';
import { adminUsersRoute } from './admin-users';
import { avatarRoute } from './avatar';
import { depositLimitsRoute } from './deposit-limits';
import { devMailRoute } from './dev-mail';
import { devSmsRoute } from './dev-sms';
import { emailChangeRoute } from './email-change';
import { limitsRoute } from './limits';
import { limitsUpdateRoute } from './limits-update';
import { loginRoute } from './login';
import { logoutRoute } from './logout';
import { meRoute } from './me';
import { passwordChangeRoute } from './password-change';
import { passwordSetRoute } from './password-set';
import { phoneStartRoute } from './phone-start';
import { phoneVerifyRoute } from './phone-verify';
import { profileRoute } from './profile';
import { profilePictureRoute } from './profile-picture';
import { profileUpdateRoute } from './profile-update';
import { protectionRoute } from './protection';
import { protectionBreakRoute } from './protection-break';
import { realityCheckRoute } from './reality-check';
import { refreshTokenRoute } from './refresh-token';
import { registerRoute } from './register';
import { requestPasswordResetRoute } from './request-password-reset';
import { resetPasswordRoute } from './reset-password';
import { socialCallbackRoute } from './social-callback';
import { socialExchangeRoute } from './social-exchange';
import { socialStartRoute } from './social-start';

export const routes = [
  // auth
  registerRoute,
  loginRoute,
  meRoute,
  refreshTokenRoute,
  logoutRoute,
  requestPasswordResetRoute,
  resetPasswordRoute,
  socialStartRoute,
  socialCallbackRoute,
  socialExchangeRoute,
  phoneStartRoute,
  phoneVerifyRoute,
  // the signed-in player
  profileRoute,
  profileUpdateRoute,
  emailChangeRoute,
  passwordChangeRoute,
  passwordSetRoute,
  limitsRoute,
  limitsUpdateRoute,
  profilePictureRoute,
  avatarRoute,
  protectionRoute,
  protectionBreakRoute,
  depositLimitsRoute,
  realityCheckRoute,
  // administrators
  adminUsersRoute,
  adminUserRoute,
  adminUserRoleRoute,
  adminUserDeleteRoute,
  // development mail and texts (embedded mode or MAIL_OUTBOX_PAGE only)
  devMailRoute,
  devSmsRoute,
];
