import { UserDeleted, UserPresence, UserRegistered, UserRoleChanged, UserUpdated } from '@bet/proto-events';
import { applyUserEvent } from '../app/projections';
import { consumer } from '../context';

/** identity's users: profile, role, closure and presence for the user-details view and the counts */
export const usersConsumer = consumer({
  durable: 'admin-users',
  events: [UserRegistered, UserUpdated, UserRoleChanged, UserDeleted, UserPresence],
  async handle(_ctx, event, { trx }) {
    await applyUserEvent(trx, event);
  },
});
