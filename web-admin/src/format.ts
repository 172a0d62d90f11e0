/** money has one format in the web: the shell's */
export { formatMoney as money } from '@bet/web-shell/core';

export function dateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleString();
}

export function dateOnly(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? 'N/A' : d.toLocaleDateString();
}

/** A selection's outcome as the screens name it (the bets' answer types it as any string). */
export const OUTCOME_LABEL: Readonly<Record<string, string>> = { A: 'Home', B: 'Away', Draw: 'Draw' };

/** Initials avatar for a user without a picture (a generated placeholder). */
export function initials(u: { firstName?: string; lastName?: string; username: string }): string {
  const a = (u.firstName?.[0] ?? u.username[0] ?? '?').toUpperCase();
  const b = (u.lastName?.[0] ?? '').toUpperCase();
  return a + b;
}
