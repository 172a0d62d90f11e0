import { fetchJson } from '@bet/kit';
import type { IdentityConfig } from '../config';
import { fromFacebook, fromGoogle, type Provider, type SocialProfile } from '../domain/social';

/** The social sign-in providers: their settings, and the profile their userinfo endpoint gives. */
export interface ProviderSettings {
  provider: Provider;
  label: string;
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  scope: string[];
  read(info: Record<string, unknown>): SocialProfile | null;
}

export function socialProviders(c: IdentityConfig): ProviderSettings[] {
  return [
    {
      provider: 'google',
      label: 'Google',
      clientId: c.GOOGLE_CLIENT_ID,
      clientSecret: c.GOOGLE_CLIENT_SECRET,
      authorizeUrl: c.GOOGLE_AUTHORIZE_URL,
      tokenUrl: c.GOOGLE_TOKEN_URL,
      userinfoUrl: c.GOOGLE_USERINFO_URL,
      scope: ['openid', 'email', 'profile'],
      read: fromGoogle,
    },
    {
      provider: 'facebook',
      label: 'Facebook',
      clientId: c.FACEBOOK_CLIENT_ID,
      clientSecret: c.FACEBOOK_CLIENT_SECRET,
      authorizeUrl: c.FACEBOOK_AUTHORIZE_URL,
      tokenUrl: c.FACEBOOK_TOKEN_URL,
      userinfoUrl: c.FACEBOOK_USERINFO_URL,
      scope: ['email', 'public_profile'],
      read: fromFacebook,
    },
  ];
}

/** The signed-in person as the provider describes them; null without a subject. */
export async function fetchSocialProfile(
  p: ProviderSettings,
  accessToken: string,
): Promise<SocialProfile | null> {
  const info = await fetchJson<Record<string, unknown>>(p.userinfoUrl, {
    label: `${p.label} userinfo`,
    headers: { authorization: `Bearer ${accessToken}` },
    timeoutMs: 10_000,
  });
  return p.read(info ?? {});
}
