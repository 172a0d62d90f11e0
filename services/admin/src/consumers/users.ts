import { NEVER_GIVE_UP } from '@bet/kit';
import { UserDeleted, UserPresence, UserRegistered, UserRoleChanged, UserUpdated } from '@bet/proto-events';
import { applyUserEvent } from '../app/projections';
import { consumer } from '../context';

/** identity's users: profile, role, closure and presence for the user-details view and the counts */
export const usersConsumer = consumer({
  durable: 'admin-users',
  events: [UserRegistered, UserUpdated, UserRoleChanged, UserDeleted, UserPresence],
  // roles and closures: the back office must not keep a demoted admin or a closed account as it was
  maxDeliver: NEVER_GIVE_UP,
  async handle(_ctx, event, { trx }) {
    await applyUserEvent(trx, event);
  },
});
