import { DomainError } from '@bet/kit/core';

/** A wallet balance would go below zero (the ledger's CHECK constraint refused it). */
export class InsufficientFundsError extends DomainError {
  override name = 'InsufficientFundsError';
  constructor(msg = 'Insufficient funds') {
    super('insufficient_funds', msg, 422);
  }
}

/** Money still arrives in a closed wallet; none leaves it. */
export class AccountClosedError extends DomainError {
  override name = 'AccountClosedError';
  constructor() {
    super('unknown_account', 'This wallet is closed', 422);
  }
}

export class IdempotencyConflictError extends DomainError {
  override name = 'IdempotencyConflictError';
  constructor() {
    super('idempotency_conflict', 'This idempotency key was already used for a different request', 409);
  }
}
