// The shell's core: one session, one API client, one socket and one toast channel for the whole
// page. Shared with the remotes as the module-federation singleton '@bet/web-shell/core'.
export {
  API_BASE,
  ApiError,
  UNEXPECTED_ERROR,
  createApiClient,
  errorMessage,
  extractErrorMessage,
  isAbortError,
  msgOr,
  validationMsgOr,
} from './api';
export type { ApiClient, RequestOptions } from './api';
export {
  SESSION_EXPIRED_MESSAGE,
  api,
  loadCurrentUser,
  logout,
  patchUser,
  setUser,
  signIn,
  startSession,
  useSession,
} from './session';
export type { AuthResponse, SessionState, SessionStatus } from './session';
export {
  SOCKET_ERROR_MESSAGE,
  SOCKET_INVALID_MESSAGE,
  emitSocket,
  onSocketEvent,
  startRealtime,
  useSocketEvent,
  useSocketStatus,
} from './socket';
export type { SocketStatus } from './socket';
export { toast, Toaster } from './toast';
export { decodeJwt, getAccessToken, getRefreshToken, isTokenExpired } from './tokens';
export type * from './types';
