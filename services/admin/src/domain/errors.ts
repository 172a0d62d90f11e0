import { refusal } from '@bet/kit/core';

/** What admin's use cases refuse, by name; routes/errors.ts gives each its answer. */
export class UserNotFoundError extends refusal('user_not_found', 'User not found') {}
export class PromotionNotFoundError extends refusal('promotion_not_found', 'Promotion not found') {}
