// The shell's core: one session, one API client, one socket and one toast channel for the whole
// page. Shared with the remotes as the module-federation singleton '@bet/web-shell/core'.

export type { ApiClient, RequestOptions } from './api';
export {
  API_BASE,
  ApiError,
  createApiClient,
  errorMessage,
  extractErrorMessage,
  isAbortError,
  msgOr,
  UNEXPECTED_ERROR,
  validationMsgOr,
} from './api';
export {
  type DeploymentState,
  forgetDeployment,
  loadDeployment,
  setDeploymentCurrency,
  useDeployment,
} from './deployment';
export { type DockState, useDock } from './dock';
export {
  byCurrency,
  type Currency,
  currencyName,
  currencySymbol,
  formatCompactMoney,
  formatMoney,
  formatSignedMoney,
  formatWholeMoney,
  moneyCurrency,
} from './format';
export { initials } from './initials';
export type { AuthResponse, SessionState, SessionStatus } from './session';
export {
  api,
  loadCurrentUser,
  logout,
  patchUser,
  SESSION_EXPIRED_MESSAGE,
  setUser,
  signIn,
  startSession,
  useSession,
} from './session';
export type { SocketStatus } from './socket';
export {
  emitSocket,
  onSocketEvent,
  SOCKET_ERROR_MESSAGE,
  SOCKET_INVALID_MESSAGE,
  startRealtime,
  useOnReconnect,
  useSocketEvent,
  useSocketStatus,
} from './socket';
export { type Theme, useTheme } from './theme';
export { Toaster, toast } from './toast';
export { decodeJwt, getAccessToken, getRefreshToken, isTokenExpired } from './tokens';
export { txKindLabel } from './txKinds';
export type * from './types';
export type { WalletState } from './wallet';
export { type BalanceUpdate, startWallet, useWallet } from './wallet';
