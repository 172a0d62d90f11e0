import type { Answer } from '@bet/api-types';
import { create } from 'zustand';
import { ApiError, createApiClient } from './api';
import { toast } from './toast';
import { ACCESS_TOKEN_KEY, clearTokens, getAccessToken, getRefreshToken, setTokens } from './tokens';
import type { User } from './types';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionState {
  user: User | null;
  status: SessionStatus;
}

export const useSession = create<SessionState>(() => ({
  user: null,
  status: getAccessToken() ? 'loading' : 'anonymous',
}));

function endSession(): void {
  clearTokens();
  useSession.setState({ user: null, status: 'anonymous' });
}

/** The single API client of the page. */
export const api = createApiClient({
  onSessionExpired: () => {
    const wasSignedIn = useSession.getState().status !== 'anonymous' || getAccessToken() !== null;
    endSession();
    if (wasSignedIn) toast.error(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
  },
  notifyError: (message) => toast.error(message),
});

/** What signing in or registering answers: the token pair and the user. */
export type AuthResponse = Answer<'/auth/login', 'post'>;

/** Starts a session from a token pair (login, registration, social sign-in). */
export async function signIn(
  tokens: { accessToken: string; refreshToken?: string | null },
  user?: User | null,
) {
  setTokens(tokens.accessToken, tokens.refreshToken);
  if (user) {
    useSession.setState({ user, status: 'authenticated' });
    return user;
  }
  useSession.setState({ status: 'loading' });
  return loadCurrentUser({ throwOnError: true });
}

/** Ends the session locally and, best effort, revokes the refresh token on the server. */
export function logout(): void {
  const refreshToken = getRefreshToken();
  const accessToken = getAccessToken();
  endSession();
  if (refreshToken && accessToken) {
    fetch('/api/v1/auth/logout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ token: refreshToken }),
      keepalive: true,
    }).catch(() => {});
  }
}

/** Replaces the cached user (after a profile change, picture upload, limits update...). */
export function setUser(user: User): void {
  useSession.setState({ user, status: 'authenticated' });
}

export function patchUser(patch: Partial<User>): void {
  const { user } = useSession.getState();
  if (user) useSession.setState({ user: { ...user, ...patch } });
}

/** Reads GET /auth/me into the session. */
export async function loadCurrentUser(opts: { throwOnError?: boolean } = {}): Promise<User | null> {
  if (!getAccessToken()) {
    useSession.setState({ user: null, status: 'anonymous' });
    return null;
  }
  try {
    const user = await api.get<Answer<'/auth/me'>>('/auth/me', { silent: true });
    useSession.setState({ user, status: 'authenticated' });
    return user;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403 || err.status === 404)) {
      endSession();
    } else if (!getAccessToken()) {
      endSession();
    } else {
      // The server could not be reached: keep the tokens (the next page load tries again) but do
      // not pretend to be signed in.
      useSession.setState({ user: null, status: 'anonymous' });
    }
    if (opts.throwOnError) throw err;
    return null;
  }
}

let started = false;

/** Resolves the stored session once at start-up and follows sign-in/out made in other tabs. */
export function startSession(): void {
  if (started) return;
  started = true;
  void loadCurrentUser();
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (e) => {
      if (e.key !== ACCESS_TOKEN_KEY && e.key !== null) return;
      const token = getAccessToken();
      const { status } = useSession.getState();
      if (!token && status !== 'anonymous') useSession.setState({ user: null, status: 'anonymous' });
      else if (token && status === 'anonymous') void loadCurrentUser();
    });
  }
}
