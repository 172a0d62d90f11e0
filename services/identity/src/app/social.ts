import { newId, recordEvents } from '@bet/kit';
import { UserRegistered, UserUpdated } from '@bet/proto-events';
import type { AppContext } from '../context';
import { type SocialProfile, usernameBase, usernameCandidate } from '../domain/social';
import { NAME_MAX, nameProblem, type User, userRegisteredPayload, userUpdatedPayload } from '../domain/users';
import { insertSocialIdentity, linkedUserId } from '../store/social';
import { findUserByEmail, findUserById, insertUser, updateUser, usernameTaken } from '../store/users';
import { nowDate } from './clock';

export class SocialSignInError extends Error {
  override name = 'SocialSignInError';
}

const cleanName = (value: string, fallback: string) => {
  const v = value.trim().slice(0, NAME_MAX);
  return nameProblem('Name', v) ? fallback : v;
};

/**
 * Finds or makes the account of a provider's profile (the session itself is issued when the
 * browser exchanges its one-time code, social-codes.ts): the account already linked to this provider identity,
 * else the account with the same (verified) email, which gets linked, else a new account
 * without a password.
 */
export async function socialSignIn(
  ctx: AppContext,
  profile: SocialProfile,
): Promise<{ user: User; created: boolean }> {
  return ctx.tx(async (trx) => {
    const now = nowDate(ctx);
    const linked = await linkedUserId(trx, profile.provider, profile.subject);
    if (linked) {
      const user = await findUserById(trx, linked);
      if (!user) throw new SocialSignInError('linked account is closed');
      return { user, created: false };
    }
    if (!profile.email || !profile.emailVerified)
      throw new SocialSignInError('the provider did not give a verified email');

    let user = await findUserByEmail(trx, profile.email);
    let created = false;
    if (user) {
      if (!user.profilePicture && profile.picture) {
        user = await updateUser(trx, user.id, { profile_picture: profile.picture }, now);
        await recordEvents(trx, UserUpdated, [{ data: userUpdatedPayload(user) }]);
      }
    } else {
      const base = usernameBase(profile);
      let username = usernameCandidate(base);
      for (let i = 0; i < 5 && (await usernameTaken(trx, username)); i++) username = usernameCandidate(base);
      user = await insertUser(trx, {
        id: newId(),
        username,
        email: profile.email,
        firstName: cleanName(profile.firstName, 'Player'),
        lastName: cleanName(profile.lastName, 'User'),
        role: 'user',
        passwordHash: null,
        profilePicture: profile.picture,
        now,
      });
      await recordEvents(trx, UserRegistered, [{ data: userRegisteredPayload(user) }]);
      created = true;
    }
    await insertSocialIdentity(trx, {
      provider: profile.provider,
      subject: profile.subject,
      userId: user.id,
      email: profile.email,
      now,
    });
    return { user, created };
  });
}
