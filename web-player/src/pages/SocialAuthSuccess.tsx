import type { Answer } from '@bet/api-types';
import { api, signIn, toast } from '@bet/web-shell/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SOCIAL_STATE_KEY } from './auth';

export const SOCIAL_FINALIZE_ERROR = 'An error occurred while finalizing your login.';
export const SOCIAL_TOKENS_MISSING = 'Authentication tokens were not found in the redirect.';
export const SOCIAL_FAILED_TOAST = 'Authentication failed or An error occurred. Please try logging in again.';
export const SOCIAL_REDIRECT_DELAY_MS = 3000;

/**
 * Return page of Google/Facebook sign-in: a one-time code arrives in the query string (never
 * the tokens); it is exchanged, with the state this tab made before leaving, for the pair.
 */
export default function SocialAuthSuccess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const ran = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once: the tokens are read from the first URL only
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const code = params.get('code');
    const state = sessionStorage.getItem(SOCIAL_STATE_KEY);
    sessionStorage.removeItem(SOCIAL_STATE_KEY);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string) => {
      setError(message);
      toast.error(SOCIAL_FAILED_TOAST);
      timer = setTimeout(() => navigate('/login', { replace: true }), SOCIAL_REDIRECT_DELAY_MS);
    };
    // The code must not stay in the address bar or the history.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!code || !state) {
      fail(params.get('error') || SOCIAL_TOKENS_MISSING);
    } else {
      api
        .post<Answer<'/auth/social/exchange', 'post'>>(
          '/auth/social/exchange',
          { code, state },
          { silent: true },
        )
        .then((pair) => signIn(pair))
        .then((user) => {
          toast.success(`Welcome, ${user?.firstName || user?.username || 'back'}!`);
          navigate('/', { replace: true });
        })
        .catch(() => fail(SOCIAL_FINALIZE_ERROR));
    }
    return () => {
      if (timer) clearTimeout(timer);
    };
  }, []);

  return (
    <main className="bare-page">
      <div className="card auth-card" style={{ textAlign: 'center' }}>
        {error ? (
          <>
            <h1>Sign-in failed</h1>
            <p className="error-text" role="alert">
              {error}
            </p>
            <p className="muted">Redirecting you to the login page…</p>
            <Link to="/login">Go to Login now</Link>
          </>
        ) : (
          <>
            <h1>Signing you in…</h1>
            <div className="spinner-wrap" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Finalizing your login</span>
            </div>
          </>
        )}
      </div>
    </main>
  );
}
