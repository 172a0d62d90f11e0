import { isUniqueViolation, newId, recordEvents } from '@bet/kit';
import { UserRegistered, UserRoleChanged } from '@bet/proto-events';
import type { KitContext } from '../config';
import { passwordProblem } from '../domain/passwords';
import {
  normalizeEmail,
  type Role,
  type User,
  usernameProblem,
  userRegisteredPayload,
} from '../domain/users';
import { findUserByEmail, insertUser, updateUser, usernameTaken } from '../store/users';
import { nowDate } from './clock';
import type { PasswordHasher } from './passwords';

/** what the start-up needs: the kit's objects and the hasher (context.ts calls it while building) */
type StartContext = KitContext & { hasher: PasswordHasher };

/**
 * The accounts configuration asks for (the first admin, the demo player). An existing
 * account with that email is kept as it is (its password is never overwritten) and, for
 * the admin, promoted. Safe to run on every start and on several replicas at once.
 */
export async function ensureAccount(
  ctx: StartContext,
  spec: {
    email: string;
    password?: string;
    username: string;
    role: Role;
    firstName: string;
    lastName: string;
  },
): Promise<{ user: User; created: boolean }> {
  const email = normalizeEmail(spec.email);
  const existing = await findUserByEmail(ctx.db, email);
  if (existing) {
    if (spec.role === 'admin' && existing.role !== 'admin') {
      const user = await ctx.tx(async (trx) => {
        const u = await updateUser(trx, existing.id, { role: 'admin' }, nowDate(ctx));
        // promoted by configuration: the account itself is named as the actor
        await recordEvents(trx, UserRoleChanged, [
          { data: { userId: u.id, role: 'admin', changedBy: u.id } },
        ]);
        return u;
      });
      ctx.logger.info({ userId: user.id }, 'configured administrator promoted');
      return { user, created: false };
    }
    return { user: existing, created: false };
  }
  if (!spec.password)
    throw new Error(
      `${spec.role === 'admin' ? 'ADMIN' : 'DEMO'}_PASSWORD is required to create the account ${email}`,
    );
  const weak = passwordProblem(spec.password);
  if (weak) ctx.logger.warn({ email }, `configured password is weak: ${weak}`);
  const base = usernameProblem(spec.username) ? spec.role : spec.username;
  let username = base;
  for (let n = 2; await usernameTaken(ctx.db, username); n++) username = `${base.slice(0, 25)}${n}`;
  const passwordHash = await ctx.hasher.hash(spec.password);
  try {
    const user = await ctx.tx(async (trx) => {
      const u = await insertUser(trx, {
        id: newId(),
        username,
        email,
        firstName: spec.firstName,
        lastName: spec.lastName,
        role: spec.role,
        passwordHash,
        now: nowDate(ctx),
      });
      await recordEvents(trx, UserRegistered, [{ data: userRegisteredPayload(u) }]);
      return u;
    });
    ctx.logger.info({ userId: user.id, username, role: spec.role }, 'configured account created');
    return { user, created: true };
  } catch (err) {
    // another replica created it a moment ago
    if (isUniqueViolation(err)) return ensureAccount(ctx, spec);
    throw err;
  }
}

/** The first administrator and the demo player the configuration asks for. */
export async function ensureConfiguredAccounts(ctx: StartContext): Promise<void> {
  const c = ctx.config;
  if (c.ADMIN_EMAIL) {
    await ensureAccount(ctx, {
      email: c.ADMIN_EMAIL,
      password: c.ADMIN_PASSWORD,
      username: c.ADMIN_USERNAME,
      role: 'admin',
      firstName: 'Platform',
      lastName: 'Admin',
    });
  }
  if (c.DEMO_EMAIL) {
    await ensureAccount(ctx, {
      email: c.DEMO_EMAIL,
      password: c.DEMO_PASSWORD,
      username: c.DEMO_USERNAME,
      role: 'user',
      firstName: 'Demo',
      lastName: 'Player',
    });
  }
}
