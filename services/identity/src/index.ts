import { defineService, Revocations } from '@bet/kit';
import { trustedProxies } from './adapters/client-ip';
import { type Mailer, OutboxMailer, SmtpMailer } from './adapters/mailer';
import { PasswordHasher } from './adapters/passwords';
import { Throttle } from './adapters/throttle';
import { SessionTokens } from './adapters/tokens';
import { rebaseAvatarUrls } from './app/avatar-urls';
import { ensureAccount } from './app/bootstrap';
import { Background, type Identity, type IdentityCtx } from './app/context';
import { identityConfig } from './config';
import { startLimitSweep } from './consumers/limit-sweep';
import { presenceResponder } from './consumers/presence';
import { revocationConsumer } from './consumers/revocations';
import { migrations } from './db/migrations';
import type { IdentityDB } from './db/schema';
import { type Clock, parseDuration, systemClock } from './domain/clock';
import { IP_POLICY, PAIR_POLICY } from './domain/throttle';
import { adminRoutes } from './routes/admin';
import { authRoutes } from './routes/auth';
import { devMailRoutes } from './routes/dev-mail';
import { protectionRoutes } from './routes/protection';
import { socialRoutes } from './routes/social';
import { userRoutes } from './routes/users';

export type { Clock } from './domain/clock';
export { ManualClock } from './domain/clock';

async function buildIdentity(ctx: IdentityCtx, clock: Clock): Promise<Identity> {
  const c = ctx.config;
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
  const accessTtlMs = parseDuration(c.JWT_ACCESS_TTL);
  if (accessTtlMs > c.JWT_MAX_TOKEN_AGE_SECONDS * 1000) {
    throw new Error(
      `Invalid configuration:\n  JWT_ACCESS_TTL: ${c.JWT_ACCESS_TTL} is longer than JWT_MAX_TOKEN_AGE_SECONDS (${c.JWT_MAX_TOKEN_AGE_SECONDS}); every service would refuse these tokens`,
    );
  }
  const mailer: Mailer = c.SMTP_URL
    ? new SmtpMailer(c.SMTP_URL, c.MAIL_FROM)
    : new OutboxMailer(ctx.db, ctx.logger);
  if (!c.SMTP_URL && c.MODE === 'cluster' && !c.MAIL_OUTBOX_PAGE) {
    ctx.logger.warn(
      'SMTP_URL is not set: password-reset mail is kept in the development outbox and nobody receives it',
    );
  }
  const windowMs = parseDuration(c.LOGIN_THROTTLE_WINDOW);
  const maxDelayMs = parseDuration(c.LOGIN_MAX_DELAY);
  const background = new Background((err, what) => ctx.logger.error({ err }, `${what} failed`));
  return {
    ctx,
    clock,
    tokens,
    revocations: new Revocations(ctx.cache, { maxTokenAgeSeconds: c.JWT_MAX_TOKEN_AGE_SECONDS }),
    refreshIdleMs: parseDuration(c.JWT_REFRESH_IDLE_TTL),
    hasher: await PasswordHasher.create(),
    mailer,
    throttle: new Throttle(ctx.cache),
    proxies: trustedProxies(c.TRUSTED_PROXIES),
    background,
    policies: {
      pair: { ...PAIR_POLICY, freeFailures: c.LOGIN_PAIR_FREE_FAILURES, windowMs, maxDelayMs },
      ip: { ...IP_POLICY, freeFailures: c.LOGIN_IP_FREE_FAILURES, windowMs, maxDelayMs },
      passwordCheck: { ...PAIR_POLICY, windowMs, maxDelayMs },
    },
    coolingOffMs: c.LIMIT_COOLING_OFF_HOURS * 3_600_000,
    resetTtlMs: parseDuration(c.PASSWORD_RESET_TTL),
  };
}

/**
 * The identity service. `clock` is injectable so tests can step past cooling-off periods
 * and expiries; everything else comes from the environment.
 */
export function createIdentityService(opts: { clock?: Clock } = {}) {
  const clock = opts.clock ?? systemClock;
  const built = new WeakMap<object, Identity>();
  const identityOf = async (ctx: IdentityCtx) => {
    let idn = built.get(ctx);
    if (!idn) {
      idn = await buildIdentity(ctx, clock);
      built.set(ctx, idn);
    }
    return idn;
  };

  return defineService<IdentityDB, typeof identityConfig>({
    name: 'identity',
    config: identityConfig,
    migrations,
    async routes(app, ctx) {
      const idn = await identityOf(ctx);
      authRoutes(app, idn);
      await socialRoutes(app, idn);
      await userRoutes(app, idn);
      await protectionRoutes(app, idn);
      adminRoutes(app, idn);
      // the outbox only exists while mail goes nowhere else
      if ((ctx.config.MODE === 'embedded' || ctx.config.MAIL_OUTBOX_PAGE) && !ctx.config.SMTP_URL)
        devMailRoutes(app, idn);
    },
    async start(ctx) {
      const idn = await identityOf(ctx);
      ctx.onStop(() => idn.mailer.close());
      ctx.onStop(() => idn.background.drain());
      const c = ctx.config;
      await rebaseAvatarUrls(ctx.db, c.PUBLIC_URL);
      if (c.ADMIN_EMAIL) {
        await ensureAccount(idn, {
          email: c.ADMIN_EMAIL,
          password: c.ADMIN_PASSWORD,
          username: c.ADMIN_USERNAME,
          role: 'admin',
          firstName: 'Platform',
          lastName: 'Admin',
        });
      }
      if (c.DEMO_EMAIL) {
        await ensureAccount(idn, {
          email: c.DEMO_EMAIL,
          password: c.DEMO_PASSWORD,
          username: c.DEMO_USERNAME,
          role: 'user',
          firstName: 'Demo',
          lastName: 'Player',
        });
      }
      ctx.track(await presenceResponder(idn));
      ctx.track(await revocationConsumer(idn));
      ctx.onStop(startLimitSweep(idn, c.LIMIT_SWEEP_INTERVAL_MS));
    },
  });
}

export const identityService = createIdentityService();
