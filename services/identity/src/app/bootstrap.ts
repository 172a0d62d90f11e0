import { isUniqueViolation, newId, recordEvent } from '@bet/kit';
import { UserRegistered, UserRoleChanged } from '@bet/proto-events';
import { passwordProblem } from '../domain/passwords';
import {
  normalizeEmail,
  type Role,
  type User,
  usernameProblem,
  userRegisteredPayload,
} from '../domain/users';
import { findUserByEmail, insertUser, updateUser, usernameTaken } from '../store/users';
import type { Identity } from './context';

/**
 * The accounts configuration asks for (the first admin, the demo player). An existing
 * account with that email is kept as it is (its password is never overwritten) and, for
 * the admin, promoted. Safe to run on every start and on several replicas at once.
 */
export async function ensureAccount(
  idn: Identity,
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
  const existing = await findUserByEmail(idn.ctx.db, email);
  if (existing) {
    if (spec.role === 'admin' && existing.role !== 'admin') {
      const user = await idn.ctx.tx(async (trx) => {
        const u = await updateUser(trx, existing.id, { role: 'admin' }, idn.clock.now());
        // promoted by configuration: the account itself is named as the actor
        await recordEvent(trx, UserRoleChanged.subject, { userId: u.id, role: 'admin', changedBy: u.id });
        return u;
      });
      idn.ctx.logger.info({ userId: user.id }, 'configured administrator promoted');
      return { user, created: false };
    }
    return { user: existing, created: false };
  }
  if (!spec.password)
    throw new Error(
      `${spec.role === 'admin' ? 'ADMIN' : 'DEMO'}_PASSWORD is required to create the account ${email}`,
    );
  const weak = passwordProblem(spec.password);
  if (weak) idn.ctx.logger.warn({ email }, `configured password is weak: ${weak}`);
  const base = usernameProblem(spec.username) ? spec.role : spec.username;
  let username = base;
  for (let n = 2; await usernameTaken(idn.ctx.db, username); n++) username = `${base.slice(0, 25)}${n}`;
  const passwordHash = await idn.hasher.hash(spec.password);
  try {
    const user = await idn.ctx.tx(async (trx) => {
      const u = await insertUser(trx, {
        id: newId(),
        username,
        email,
        firstName: spec.firstName,
        lastName: spec.lastName,
        role: spec.role,
        passwordHash,
        now: idn.clock.now(),
      });
      await recordEvent(trx, UserRegistered.subject, userRegisteredPayload(u));
      return u;
    });
    idn.ctx.logger.info({ userId: user.id, username, role: spec.role }, 'configured account created');
    return { user, created: true };
  } catch (err) {
    // another replica created it a moment ago
    if (isUniqueViolation(err)) return ensureAccount(idn, spec);
    throw err;
  }
}
