import { moneyText } from '@bet/kit/core';
import {
  HoldsMoneyError,
  LastAdminError,
  PendingBetsError,
  SelfDeleteError,
  SelfRoleChangeError,
} from './errors';
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
  if (input.actorId === input.targetId) throw new SelfRoleChangeError('You cannot change your own role.');
  if (input.targetRole === 'admin' && input.newRole !== 'admin' && input.adminCount <= 1)
    throw new LastAdminError('The last administrator cannot be demoted.');
}

export function checkDeletion(input: {
  actorId: string;
  targetId: string;
  targetRole: Role;
  adminCount: number;
}) {
  if (input.actorId === input.targetId) throw new SelfDeleteError('You cannot delete your own account.');
  if (input.targetRole === 'admin' && input.adminCount <= 1)
    throw new LastAdminError('The last administrator cannot be deleted.');
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
    throw new HoldsMoneyError(
      `This user still holds ${moneyText(held)}; the account can be closed once the balance is zero.`,
    );
  }
  if (input.pendingBets > 0) {
    const n = input.pendingBets;
    throw new PendingBetsError(
      `This user has ${n} pending bet${n === 1 ? '' : 's'}; the account can be closed once they are settled.`,
    );
  }
}
