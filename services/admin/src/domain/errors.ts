import { DomainError } from '@bet/kit/core';

/** What admin's use cases refuse, by name; routes/errors.ts gives each its answer. */
export class UserNotFoundError extends DomainError {
  override name = 'UserNotFoundError';
  constructor() {
    super('user_not_found', 'User not found');
  }
}

export class PromotionNotFoundError extends DomainError {
  override name = 'PromotionNotFoundError';
  constructor() {
    super('promotion_not_found', 'Promotion not found');
  }
}
