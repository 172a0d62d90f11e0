/**
 * What identity needs from a social provider, whatever the provider calls it.
 * An email that the provider has not verified is never used to link or create an account:
 * otherwise anyone could claim someone else's address there and take over their account here.
 */
export type Provider = 'google' | 'facebook';

export interface SocialProfile {
  provider: Provider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  picture: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Google's OpenID userinfo: sub, email, email_verified, given_name, family_name, name, picture. */
export function fromGoogle(info: Record<string, unknown>): SocialProfile | null {
  const subject = str(info.sub);
  if (!subject) return null;
  const [first, ...rest] = (str(info.name) ?? '').split(/\s+/);
  return {
    provider: 'google',
    subject,
    email: str(info.email)?.toLowerCase() ?? null,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    firstName: str(info.given_name) ?? (first || 'Player'),
    lastName: str(info.family_name) ?? (rest.join(' ') || '-'),
    picture: httpsUrl(info.picture),
  };
}

/**
 * Facebook's Graph `/me?fields=id,email,first_name,last_name,picture`. Facebook returns an
 * email only once its owner has confirmed it, so a present email counts as verified.
 */
export function fromFacebook(info: Record<string, unknown>): SocialProfile | null {
  const subject = str(info.id) ?? (typeof info.id === 'number' ? String(info.id) : null);
  if (!subject) return null;
  const picture = (info.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
  const email = str(info.email)?.toLowerCase() ?? null;
  const [first, ...rest] = (str(info.name) ?? '').split(/\s+/);
  return {
    provider: 'facebook',
    subject,
    email,
    emailVerified: email !== null,
    firstName: str(info.first_name) ?? (first || 'Player'),
    lastName: str(info.last_name) ?? (rest.join(' ') || '-'),
    picture: httpsUrl(picture),
  };
}

function httpsUrl(v: unknown): string | null {
  const s = str(v);
  if (!s || s.length > 2000) return null;
  try {
    return new URL(s).protocol === 'https:' ? s : null;
  } catch {
    return null;
  }
}

/** A readable username base from the profile: letters, digits and underscores, 3–20 characters. */
export function usernameBase(p: Pick<SocialProfile, 'firstName' | 'lastName' | 'email'>): string {
  const ascii = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '');
  let base = ascii(`${p.firstName}${p.lastName === '-' ? '' : `_${p.lastName}`}`);
  if (base.replace(/_/g, '').length < 3 && p.email) base = ascii(p.email.split('@')[0]);
  base = base.replace(/^_+|_+$/g, '').slice(0, 20);
  return base.length >= 3 ? base : 'player';
}

/** Candidates to try in order: the base with a random suffix (a plain name is rarely free). */
export function usernameCandidate(base: string, random: () => number = Math.random): string {
  const digits = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
  return `${base}_${digits}`.slice(0, 30);
}
