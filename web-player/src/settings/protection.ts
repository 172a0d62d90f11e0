import type { Answer } from '@bet/api-types';
import { api, setUser } from '@bet/web-shell/core';

/** GET /users/protection, as identity answers it (amounts in dollars, 0 = none). */
export type ProtectionView = Answer<'/users/protection'>;
export type Limit = ProtectionView['depositLimits']['daily'];
/** What each of the three protection calls answers (one shape): the new settings and the user. */
type ProtectionSaved = Answer<'/users/protection/break', 'post'>;

export const TIME_OUTS = [
  { period: '24h', label: '24 hours' },
  { period: '7d', label: '7 days' },
  { period: '30d', label: '30 days' },
] as const;
export const SELF_EXCLUSIONS = [
  { period: '6m', label: '6 months' },
  { period: '1y', label: '1 year' },
  { period: '5y', label: '5 years' },
] as const;
export const REALITY_CHECKS = [0, 15, 30, 45, 60, 90, 120] as const;

/** A protection call; the answer's user becomes the session's user (so banners follow at once). */
export async function saveProtection(path: 'break' | 'deposit-limits' | 'reality-check', body: unknown) {
  const res = await api.post<ProtectionSaved>(`/users/protection/${path}`, body, { silent: true });
  setUser(res.user);
  return res;
}

export function activeExclusion(
  p: { exclusion: ProtectionView['exclusion'] } | null | undefined,
  now = Date.now(),
) {
  const e = p?.exclusion;
  return e && Date.parse(e.until) > now ? e : null;
}

export function isProtectionView(v: unknown): v is ProtectionView {
  const p = v as ProtectionView | null;
  const limit = (l: unknown) => typeof (l as Limit | undefined)?.limit === 'number';
  return (
    !!p &&
    typeof p === 'object' &&
    'exclusion' in p &&
    typeof p.realityCheckMinutes === 'number' &&
    limit(p.depositLimits?.daily) &&
    limit(p.depositLimits?.weekly) &&
    limit(p.depositLimits?.monthly)
  );
}
