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

/** Initials avatar for a user without a picture: the shell's one rule (as the player sees it). */
export { initials } from '@bet/web-shell/core';
