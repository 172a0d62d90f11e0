import { NEVER_GIVE_UP } from '@bet/kit';
import { UserDeleted, UserRegistered, UserUpdated } from '@bet/proto-events';
import { applyUserEvent } from '../app/read-models';
import { consumer } from '../context';

/** The users read model: usernames for the boards and the limits placement enforces (upserts guarded by event time). */
export const users = consumer({
  durable: 'betting-users',
  events: [UserRegistered, UserUpdated, UserDeleted],
  once: false,
  // limits, self-exclusion and closure: placement and reserve_stake enforce this copy, so a
  // database outage is waited out, never ends in a dropped event (issue 30)
  maxDeliver: NEVER_GIVE_UP,
  async handle(ctx, event) {
    await applyUserEvent(ctx.db, event);
  },
});
