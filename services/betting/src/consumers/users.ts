import { UserDeleted, UserRegistered, UserUpdated } from '@bet/proto-events';
import { applyUserEvent } from '../app/read-models';
import { consumer } from '../context';

/** The users read model: usernames for the boards and the limits placement enforces (upserts guarded by event time). */
export const users = consumer({
  durable: 'betting-users',
  events: [UserRegistered, UserUpdated, UserDeleted],
  once: false,
  async handle(ctx, event) {
    await applyUserEvent(ctx.db, event);
  },
});
