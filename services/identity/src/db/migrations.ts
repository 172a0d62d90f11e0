import type { Migration } from 'kysely';
import { identity } from './migrations/0001_identity';
import { sessionsSocialCodes } from './migrations/0002_sessions_social_codes';
import { termsConsent } from './migrations/0003_terms_consent';
import { playerProtection } from './migrations/0004_player_protection';
import { phoneSignIn } from './migrations/0005_phone_sign_in';

/** Every migration of the service, applied in name order (deployed databases have these names recorded). */
export const migrations: Record<string, Migration> = {
  '0001_identity': identity,
  '0002_sessions_social_codes': sessionsSocialCodes,
  '0003_terms_consent': termsConsent,
  '0004_player_protection': playerProtection,
  '0005_phone_sign_in': phoneSignIn,
};
