import { type ServiceContext, type Static, Type } from '@bet/kit';
import type { IdentityDB } from './db/schema';
import { DURATION_PATTERN } from './domain/clock';

const duration = (def: string, description: string) =>
  Type.String({ default: def, pattern: DURATION_PATTERN, description });
const optional = (description: string) => Type.Optional(Type.String({ description }));

/** identity's own settings; every one is documented in the README's table */
export const identityConfig = {
  JWT_ACCESS_TTL: duration(
    '24h',
    'lifetime of access tokens (a working day: revocation, not expiry, ends them early)',
  ),
  JWT_REFRESH_TTL: duration('30d', 'absolute lifetime of a session (a rotation keeps the expiry)'),
  JWT_REFRESH_IDLE_TTL: duration('14d', 'a session whose refresh token goes unused this long ends'),
  PASSWORD_RESET_TTL: duration('1h', 'how long a password-reset link works'),

  LIMIT_COOLING_OFF_HOURS: Type.Number({
    default: 24,
    minimum: 0,
    description: 'wait before a looser betting limit applies',
  }),
  LIMIT_SWEEP_INTERVAL_MS: Type.Integer({
    default: 60_000,
    minimum: 10,
    description: 'how often due limit changes are applied',
  }),

  ADMIN_EMAIL: optional('first administrator (created or promoted at start)'),
  ADMIN_PASSWORD: optional('password of a newly created first administrator'),
  ADMIN_USERNAME: Type.String({ default: 'admin' }),
  DEMO_EMAIL: optional('demo player created at start'),
  DEMO_PASSWORD: optional('password of the demo player'),
  DEMO_USERNAME: Type.String({ default: 'demo' }),

  SMTP_URL: optional('smtp://user:pass@host:port; without it mail goes to the development outbox'),
  MAIL_FROM: Type.String({ default: 'Bet Platform <no-reply@bet.local>' }),
  MAIL_OUTBOX_PAGE: Type.Boolean({
    default: false,
    description: 'serve GET /api/v1/dev/mail outside embedded mode',
  }),

  SMS_PROVIDER: Type.Union([Type.Literal('outbox'), Type.Literal('termii')], {
    default: 'outbox',
    description: 'where one-time codes are texted: the development outbox, or Termii',
  }),
  TERMII_API_KEY: optional('Termii API key (required with SMS_PROVIDER=termii)'),
  TERMII_BASE_URL: Type.String({ default: 'https://api.ng.termii.com' }),
  SMS_SENDER_ID: Type.String({
    default: 'BetPlatform',
    minLength: 3,
    maxLength: 11,
    description: 'the sender name texts come from (registered with the provider)',
  }),
  SMS_BRAND: Type.String({ default: 'Bet Platform', description: 'the name in the text of a code' }),

  GOOGLE_CLIENT_ID: optional('enables Google sign-in'),
  GOOGLE_CLIENT_SECRET: optional('Google OAuth client secret'),
  GOOGLE_AUTHORIZE_URL: Type.String({ default: 'https://accounts.google.com/o/oauth2/v2/auth' }),
  GOOGLE_TOKEN_URL: Type.String({ default: 'https://oauth2.googleapis.com/token' }),
  GOOGLE_USERINFO_URL: Type.String({ default: 'https://openidconnect.googleapis.com/v1/userinfo' }),
  FACEBOOK_CLIENT_ID: optional('enables Facebook sign-in'),
  FACEBOOK_CLIENT_SECRET: optional('Facebook app secret'),
  FACEBOOK_AUTHORIZE_URL: Type.String({ default: 'https://www.facebook.com/v19.0/dialog/oauth' }),
  FACEBOOK_TOKEN_URL: Type.String({ default: 'https://graph.facebook.com/v19.0/oauth/access_token' }),
  FACEBOOK_USERINFO_URL: Type.String({
    default: 'https://graph.facebook.com/v19.0/me?fields=id,email,first_name,last_name,picture',
  }),

  LOGIN_PAIR_FREE_FAILURES: Type.Integer({ default: 5, minimum: 1 }),
  LOGIN_IP_FREE_FAILURES: Type.Integer({ default: 30, minimum: 1 }),
  LOGIN_THROTTLE_WINDOW: duration('15m', 'how long failed sign-ins are remembered'),
  LOGIN_MAX_DELAY: duration('15m', 'longest wait imposed after repeated failures'),

  AVATAR_MAX_BYTES: Type.Integer({ default: 2 * 1024 * 1024, minimum: 1024 }),
  PEER_TIMEOUT_MS: Type.Integer({
    default: 3_000,
    minimum: 100,
    description: 'wait for wallet/betting answers',
  }),
};

const IdentityConfigSchema = Type.Object(identityConfig);
export type IdentityOwnConfig = Static<typeof IdentityConfigSchema>;
export type IdentityConfig = IdentityOwnConfig;

/**
 * The kit's part of the context: what the objects `context.ts` builds receive. It lives here,
 * not in context.ts, so that those objects never import the module that builds them.
 */
export type KitContext = ServiceContext<IdentityDB, IdentityConfig>;
