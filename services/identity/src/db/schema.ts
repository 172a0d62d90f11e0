import type { ColumnType, Generated } from 'kysely';

/** Postgres bigint: read as a string, written from bigint/number/string */
type BigIntColDefault = ColumnType<string, string | number | bigint | undefined, string | number | bigint>;
type BigIntColNull = ColumnType<
  string | null,
  string | number | bigint | null,
  string | number | bigint | null
>;

export interface UsersTable {
  id: string;
  username: string;
  /** stored lowercase */
  email: string;
  first_name: string;
  last_name: string;
  state: string | null;
  role: Generated<'user' | 'admin'>;
  password_hash: string | null;
  profile_picture: string | null;
  bet_count_limit: Generated<number>;
  stake_limit_cents: BigIntColDefault;
  pending_bet_count_limit: number | null;
  pending_bet_count_at: Date | null;
  pending_stake_limit_cents: BigIntColNull;
  pending_stake_at: Date | null;
  is_online: Generated<boolean>;
  last_seen: Date | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
  closed_by: string | null;
  /** when the player confirmed being 18+ and accepted the terms (null: registered without, e.g. through the bare API) */
  terms_accepted_at: Date | null;
  /** time-out / self-exclusion, deposit limits, reality check (domain/protection.ts, stored form) */
  protection: ColumnType<unknown, string | undefined, string>;
  /** the account's mobile number in E.164 (unique when set): phone sign-in, domain/phone.ts */
  phone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface RefreshTokensTable {
  /** = the refresh JWT's jti */
  id: string;
  family_id: string;
  user_id: string;
  token_hash: string;
  /** jti of the access token minted with it: tells which session a request belongs to */
  access_jti: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  /** the last refresh without rotation (idle lifetime) */
  last_used_at: Date | null;
}

export interface SocialCodesTable {
  id: string;
  code_hash: string;
  /** hash of the state the browser started the sign-in with */
  state_hash: string;
  user_id: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface PasswordResetsTable {
  id: string;
  user_id: string;
  token_hash: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export interface SocialIdentitiesTable {
  provider: 'google' | 'facebook';
  subject: string;
  user_id: string;
  email: string | null;
  created_at: Date;
}

export interface AvatarsTable {
  id: string;
  user_id: string;
  content_type: string;
  bytes: Buffer;
  size: number;
  created_at: Date;
}

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: Generated<Date>;
}

export interface SmsOutboxTable {
  id: string;
  to_number: string;
  text: string;
  created_at: Generated<Date>;
}

export interface IdentityDB {
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  password_resets: PasswordResetsTable;
  social_identities: SocialIdentitiesTable;
  avatars: AvatarsTable;
  mail_outbox: MailOutboxTable;
  sms_outbox: SmsOutboxTable;
  social_codes: SocialCodesTable;
}
