export const ACCESS_TOKEN_KEY = 'accessToken';
export const REFRESH_TOKEN_KEY = 'refreshToken';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return storage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_TOKEN_KEY) ?? null;
}

export function setTokens(accessToken: string, refreshToken?: string | null): void {
  const s = storage();
  if (!s) return;
  s.setItem(ACCESS_TOKEN_KEY, accessToken);
  if (refreshToken) s.setItem(REFRESH_TOKEN_KEY, refreshToken);
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(ACCESS_TOKEN_KEY);
  s?.removeItem(REFRESH_TOKEN_KEY);
}

export interface JwtClaims {
  sub?: string;
  exp?: number;
  role?: string;
  username?: string;
  [key: string]: unknown;
}

/** Reads a JWT's payload without verifying it (the server verifies). Null when it is not a JWT. */
export function decodeJwt(token: string): JwtClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const b64 = parts[1].replace(/-/g, '+').replace(/_/g, '/');
    const padded = b64 + '='.repeat((4 - (b64.length % 4)) % 4);
    const bin = atob(padded);
    const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
    const json = JSON.parse(new TextDecoder().decode(bytes));
    return json && typeof json === 'object' ? (json as JwtClaims) : null;
  } catch {
    return null;
  }
}

/**
 * True when the token carries an `exp` claim that has passed. A token whose expiry cannot be read
 * (not a JWT) is not known to be expired, so the server is asked.
 */
export function isTokenExpired(token: string, nowMs: number = Date.now()): boolean {
  const claims = decodeJwt(token);
  if (!claims || typeof claims.exp !== 'number') return false;
  return claims.exp * 1000 <= nowMs;
}
