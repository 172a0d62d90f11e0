import type { BlockList } from 'node:net';
import { parts, Revocations, trustedProxies } from '@bet/kit';
import { Background } from './app/background';
import { ensureConfiguredAccounts } from './app/bootstrap';
import { PasswordHasher } from './app/passwords';
import { Throttle } from './app/throttle';
import { SessionTokens } from './app/tokens';
import type { IdentityConfig, KitContext } from './config';
import { parseDuration } from './domain/clock';
import { IP_POLICY, PAIR_POLICY, type ThrottlePolicy } from './domain/throttle';
import { type Mailer, OutboxMailer, SmtpMailer } from './providers/mailer';
import { OutboxSms, type SmsSender, TermiiSms } from './providers/sms';
import { rebaseAvatarUrls } from './store/avatars';

export type { IdentityConfig, KitContext };

/** What this service builds once at start (tests may replace any of it). */
export interface IdentityParts {
  tokens: SessionTokens;
  /** the shared revocation list every verifier reads */
  revocations: Revocations;
  hasher: PasswordHasher;
  mailer: Mailer;
  /** texts one-time codes (phone sign-in) */
  sms: SmsSender;
  throttle: Throttle;
  proxies: BlockList;
  background: Background;
  policies: { pair: ThrottlePolicy; ip: ThrottlePolicy; passwordCheck: ThrottlePolicy };
  /** a refresh token unused for this long is refused */
  refreshIdleMs: number;
  coolingOffMs: number;
  resetTtlMs: number;
}
export type AppContext = KitContext & IdentityParts;

async function sessionTokens(c: IdentityConfig & KitContext['config']): Promise<SessionTokens> {
  if (!c.JWT_PRIVATE_KEY || !c.JWT_PUBLIC_KEY) {
    throw new Error(
      'Invalid configuration:\n  JWT_PRIVATE_KEY and JWT_PUBLIC_KEY: identity mints tokens and needs both keys',
    );
  }
  const tokens = await SessionTokens.create({
    privateKeyPem: c.JWT_PRIVATE_KEY,
    publicKeyPem: c.JWT_PUBLIC_KEY,
    issuer: c.JWT_ISSUER,
    accessTtlMs: parseDuration(c.JWT_ACCESS_TTL),
    refreshTtlMs: parseDuration(c.JWT_REFRESH_TTL),
  });
  if (tokens.accessTtlMs > c.JWT_MAX_TOKEN_AGE_SECONDS * 1000) {
    throw new Error(
      `Invalid configuration:\n  JWT_ACCESS_TTL: ${c.JWT_ACCESS_TTL} is longer than JWT_MAX_TOKEN_AGE_SECONDS (${c.JWT_MAX_TOKEN_AGE_SECONDS}); every service would refuse these tokens`,
    );
  }
  return tokens;
}

function mailerOf(kit: KitContext): Mailer {
  const c = kit.config;
  if (!c.SMTP_URL && c.MODE === 'cluster' && !c.MAIL_OUTBOX_PAGE) {
    kit.logger.warn(
      'SMTP_URL is not set: password-reset mail is kept in the development outbox and nobody receives it',
    );
  }
  return c.SMTP_URL ? new SmtpMailer(c.SMTP_URL, c.MAIL_FROM) : new OutboxMailer(kit.db, kit.logger);
}

function smsOf(kit: KitContext): SmsSender {
  const c = kit.config;
  if (c.SMS_PROVIDER === 'termii') {
    if (!c.TERMII_API_KEY)
      throw new Error(
        'Invalid configuration:\n  TERMII_API_KEY: SMS_PROVIDER=termii needs the Termii API key',
      );
    return new TermiiSms({
      apiKey: c.TERMII_API_KEY,
      senderId: c.SMS_SENDER_ID,
      baseUrl: c.TERMII_BASE_URL,
      timeoutMs: c.PEER_TIMEOUT_MS * 3,
    });
  }
  if (c.MODE === 'cluster' && !c.MAIL_OUTBOX_PAGE) {
    kit.logger.warn(
      'SMS_PROVIDER is not set: phone sign-in codes are kept in the development outbox and nobody receives them',
    );
  }
  return new OutboxSms(kit.db, kit.logger);
}

/**
 * Builds the long-lived objects, then brings the stored data in line with the configuration
 * (avatar addresses on the current PUBLIC_URL, the configured admin and demo accounts)
 * before the service answers anything.
 */
export async function buildContext(
  kit: KitContext,
  overrides: Partial<IdentityParts>,
): Promise<IdentityParts> {
  const c = kit.config;
  const windowMs = parseDuration(c.LOGIN_THROTTLE_WINDOW);
  const maxDelayMs = parseDuration(c.LOGIN_MAX_DELAY);
  const built: IdentityParts = {
    tokens: overrides.tokens ?? (await sessionTokens(c)),
    revocations:
      overrides.revocations ??
      new Revocations(kit.cache, { maxTokenAgeSeconds: c.JWT_MAX_TOKEN_AGE_SECONDS }),
    hasher: overrides.hasher ?? (await PasswordHasher.create()),
    mailer: overrides.mailer ?? mailerOf(kit),
    sms: overrides.sms ?? smsOf(kit),
    throttle: overrides.throttle ?? new Throttle(kit.cache),
    proxies: overrides.proxies ?? trustedProxies(c.TRUSTED_PROXIES),
    background:
      overrides.background ?? new Background((err, what) => kit.logger.error({ err }, `${what} failed`)),
    policies: overrides.policies ?? {
      pair: { ...PAIR_POLICY, freeFailures: c.LOGIN_PAIR_FREE_FAILURES, windowMs, maxDelayMs },
      ip: { ...IP_POLICY, freeFailures: c.LOGIN_IP_FREE_FAILURES, windowMs, maxDelayMs },
      passwordCheck: { ...PAIR_POLICY, windowMs, maxDelayMs },
    },
    refreshIdleMs: overrides.refreshIdleMs ?? parseDuration(c.JWT_REFRESH_IDLE_TTL),
    coolingOffMs: overrides.coolingOffMs ?? c.LIMIT_COOLING_OFF_HOURS * 3_600_000,
    resetTtlMs: overrides.resetTtlMs ?? parseDuration(c.PASSWORD_RESET_TTL),
  };
  // stopping drains the background work first (it may still send mail), then the mailer
  kit.onStop(() => built.mailer.close());
  kit.onStop(() => built.background.drain());
  await rebaseAvatarUrls(kit.db, c.PUBLIC_URL);
  await ensureConfiguredAccounts({ ...kit, ...built });
  return built;
}

export const { route, consumer, responder, listener, job } = parts<AppContext>();
