import { NEVER_GIVE_UP } from '@bet/kit';
import { UserDeleted, UserRegistered, UserUpdated } from '@bet/proto-events';
import { applyUserEvent } from '../app/user-events';
import { consumer } from '../context';

/** identity's users: names for the admin screens, protection settings, closure (handled once). */
export const usersConsumer = consumer({
  durable: 'wallet-users',
  events: [UserRegistered, UserUpdated, UserDeleted],
  // a closure must reach the wallet whatever the outage: deposits stop at closed accounts
  maxDeliver: NEVER_GIVE_UP,
  handle: (_ctx, event, { trx }) => applyUserEvent(trx, event),
});
