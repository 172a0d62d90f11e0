import { newId } from '@bet/kit';
import type { AppContext } from '../context';
import { GrantRefusedError } from '../domain/errors';
import { insertSocialCode, spendSocialCode } from '../store/social';
import { findUserById } from '../store/users';
import { nowDate } from './clock';
import { issueSession, type TokenPair } from './sessions';
import { hashesEqual, randomToken, sha256 } from './tokens';

/** how long the code in the return URL can be exchanged */
export const SOCIAL_CODE_TTL_MS = 2 * 60_000;
export const SOCIAL_CODE_REFUSED = 'This sign-in link is invalid or has expired. Please sign in again.';

/**
 * The social return carries a one-time code instead of the tokens: the URL (browser history,
 * logs, a Referer) holds nothing that signs anyone in. The code is bound to the state the
 * browser made before it left (kept by the page, sent to the start route, remembered in an
 * httpOnly cookie through the provider's round trip): a link with someone else's code, e.g.
 * an attacker's own sign-in sent to a victim, cannot be exchanged by the victim's page, which
 * closes the login CSRF.
 */
export async function createSocialCode(ctx: AppContext, userId: string, stateHash: string): Promise<string> {
  const code = randomToken();
  const now = nowDate(ctx);
  await insertSocialCode(ctx.db, {
    id: newId(),
    codeHash: sha256(code),
    stateHash,
    userId,
    now,
    expiresAt: new Date(now.getTime() + SOCIAL_CODE_TTL_MS),
  });
  return code;
}

export async function exchangeSocialCode(
  ctx: AppContext,
  input: { code: string; state: string },
): Promise<TokenPair> {
  const refused = () => new GrantRefusedError(SOCIAL_CODE_REFUSED);
  const now = nowDate(ctx);
  // used up by the first attempt, right or wrong (its own statement, committed even when the
  // attempt is refused): a stolen code cannot be tried against guessed states
  const row = await spendSocialCode(ctx.db, sha256(input.code), now);
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) throw refused();
  if (!hashesEqual(row.state_hash, sha256(input.state))) throw refused();
  return ctx.tx(async (trx) => {
    const user = await findUserById(trx, row.user_id);
    if (!user) throw refused();
    return issueSession(ctx, trx, user);
  });
}
