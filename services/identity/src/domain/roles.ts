import { DomainError } from '@bet/kit/core';
import type { Role } from './users';

/**
 * Rules for administrators acting on accounts. `adminCount` is the number of open admin
 * accounts, read under a lock so two admins cannot demote each other at the same moment.
 */
export function checkRoleChange(input: {
  actorId: string;
  targetId: string;
  targetRole: Role;
  newRole: Role;
  adminCount: number;
}) {
  if (input.actorId === input.targetId)
    throw new DomainError('self_role_change', 'You cannot change your own role.', 403);
  if (input.targetRole === 'admin' && input.newRole !== 'admin' && input.adminCount <= 1)
    throw new DomainError('last_admin', 'The last administrator cannot be demoted.', 409);
}

export function checkDeletion(input: {
  actorId: string;
  targetId: string;
  targetRole: Role;
  adminCount: number;
}) {
  if (input.actorId === input.targetId)
    throw new DomainError('self_delete', 'You cannot delete your own account.', 403);
  if (input.targetRole === 'admin' && input.adminCount <= 1)
    throw new DomainError('last_admin', 'The last administrator cannot be deleted.', 409);
}

/** What the wallet and betting services said about the user; the account closes only when both are clear. */
export function checkClosable(input: {
  balanceCents: number;
  pendingWithdrawalCents?: number;
  pendingBets: number;
}) {
  // money waiting on a withdrawal decision is still the user's until an admin pays it out
  const held = input.balanceCents + (input.pendingWithdrawalCents ?? 0);
  if (held > 0) {
    const dollars = (held / 100).toFixed(2);
    throw new DomainError(
      'holds_money',
      `This user still holds $${dollars}; the account can be closed once the balance is zero.`,
      409,
    );
  }
  if (input.pendingBets > 0) {
    const n = input.pendingBets;
    throw new DomainError(
      'pending_bets',
      `This user has ${n} pending bet${n === 1 ? '' : 's'}; the account can be closed once they are settled.`,
      409,
    );
  }
}
