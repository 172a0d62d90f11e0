import { describe, expect, it } from 'vitest';
import { DomainError, refusal } from './errors';

describe('refusal: a named DomainError class in one line', () => {
  class UserNotFoundError extends refusal('user_not_found', 'User not found.') {}
  class AlreadyTakenError extends refusal('already_taken') {}

  it('keeps the fixed message, the code and the class name', () => {
    const err = new UserNotFoundError();
    expect(err).toBeInstanceOf(UserNotFoundError);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe('user_not_found');
    expect(err.message).toBe('User not found.');
    expect(err.name).toBe('UserNotFoundError');
    expect(err.errors).toBeUndefined();
    // no HTTP status: the service's routes/errors.ts gives the code its answer
    expect('status' in err).toBe(false);
  });

  it('names its code on the class, so a service can check its table lists every refusal', () => {
    expect(UserNotFoundError.code).toBe('user_not_found');
    expect(AlreadyTakenError.code).toBe('already_taken');
  });

  it('takes the message and the fields at fault where it is thrown when it has no fixed one', () => {
    const fields = [{ path: 'username', location: 'body' as const, msg: 'Taken' }];
    const err = new AlreadyTakenError('Username taken', fields);
    expect(err.code).toBe('already_taken');
    expect(err.message).toBe('Username taken');
    expect(err.errors).toEqual(fields);
    expect(err.name).toBe('AlreadyTakenError');
    expect(new AlreadyTakenError('x')).not.toBeInstanceOf(UserNotFoundError);
  });
});
