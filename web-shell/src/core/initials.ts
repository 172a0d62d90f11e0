/**
 * The letters of an avatar without a picture, one rule everywhere (shell nav, player profile,
 * admin lists): the first letters of the first and last names; without names, the initials of
 * the username's parts (`john.doe` → JD), else its first two characters. Letters are whole
 * (an accent stays with its letter, an emoji is skipped) and upper-cased.
 */
export function initials(u: {
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}): string {
  const first = firstLetter(u.firstName);
  const last = firstLetter(u.lastName);
  if (first || last) return upper(first) + upper(last);
  const name = (u.username ?? '').trim();
  const parts = name.split(/[\s._\-@]+/).filter(Boolean);
  if (parts.length >= 2) return upper(firstLetter(parts[0])) + upper(firstLetter(parts[1])) || '?';
  const chars = graphemes(name).filter((g) => /[\p{L}\p{N}]/u.test(g));
  return chars.slice(0, 2).map(upper).join('') || '?';
}

function graphemes(s: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (x) => x.segment);
}

/** the first letter or digit of a name, with its combining marks */
function firstLetter(s: string | null | undefined): string {
  if (!s) return '';
  return graphemes(s.normalize('NFC')).find((g) => /[\p{L}\p{N}]/u.test(g)) ?? '';
}

/** one letter upper-cased, still one letter (ß → S, not SS) */
function upper(s: string): string {
  return graphemes(s.toUpperCase())[0] ?? '';
}
