import { describe, expect, it } from 'vitest';
import { checkClosable, checkDeletion, checkRoleChange } from './roles';

const A = 'a'.repeat(24);
const B = 'b'.repeat(24);

describe('admin rules', () => {
  it('no admin changes their own role', () => {
    expect(() =>
      checkRoleChange({ actorId: A, targetId: A, targetRole: 'admin', newRole: 'user', adminCount: 3 }),
    ).toThrow(/your own role/);
  });
  it('the last admin cannot be demoted', () => {
    expect(() =>
      checkRoleChange({ actorId: A, targetId: B, targetRole: 'admin', newRole: 'user', adminCount: 1 }),
    ).toThrow(/last administrator/);
    expect(() =>
      checkRoleChange({ actorId: A, targetId: B, targetRole: 'admin', newRole: 'user', adminCount: 2 }),
    ).not.toThrow();
    expect(() =>
      checkRoleChange({ actorId: A, targetId: B, targetRole: 'user', newRole: 'admin', adminCount: 1 }),
    ).not.toThrow();
  });
  it('no admin deletes themselves, and the last admin stays', () => {
    expect(() => checkDeletion({ actorId: A, targetId: A, targetRole: 'admin', adminCount: 5 })).toThrow(
      /your own account/,
    );
    expect(() => checkDeletion({ actorId: A, targetId: B, targetRole: 'admin', adminCount: 1 })).toThrow(
      /last administrator/,
    );
    expect(() => checkDeletion({ actorId: A, targetId: B, targetRole: 'user', adminCount: 1 })).not.toThrow();
  });
  it('an account holding money or pending bets is not closed', () => {
    expect(() => checkClosable({ balanceCents: 1234, pendingBets: 0 })).toThrow(
      'This user still holds $12.34; the account can be closed once the balance is zero.',
    );
    expect(() => checkClosable({ balanceCents: 0, pendingBets: 1 })).toThrow(/1 pending bet;/);
    expect(() => checkClosable({ balanceCents: 0, pendingBets: 0 })).not.toThrow();
    expect(() => checkClosable({ balanceCents: 0, pendingWithdrawalCents: 500, pendingBets: 0 })).toThrow(
      /\$5\.00/,
    );
  });
});
