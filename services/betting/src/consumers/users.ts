import type { EventEnvelope, EventHandler } from '@bet/kit';
import { type EventData, UserDeleted, UserRegistered, UserUpdated } from '@bet/proto-events';
import { applyUserDeleted, applyUserRegistered, applyUserUpdated } from '../app/read-models';
import type { Ctx } from '../app/types';

/** The users read model: usernames for the boards and the limits placement enforces. */
export function userEventHandler(ctx: Ctx): EventHandler {
  return async (evt: EventEnvelope) => {
    const at = new Date(evt.occurredAt);
    if (evt.subject === UserRegistered.subject) {
      const d = evt.data as EventData<typeof UserRegistered>;
      await applyUserRegistered(ctx.db, d.userId, d.username, at);
    } else if (evt.subject === UserUpdated.subject) {
      const d = evt.data as EventData<typeof UserUpdated>;
      await applyUserUpdated(
        ctx.db,
        d.userId,
        d.username,
        d.limits,
        at,
        d.protection?.exclusion?.until ?? null,
      );
    } else {
      const d = evt.data as EventData<typeof UserDeleted>;
      await applyUserDeleted(ctx.db, d.userId, at);
    }
  };
}

export async function startUserConsumers(ctx: Ctx) {
  ctx.track(
    await ctx.bus.consume({
      durable: 'betting-users',
      subjects: [UserRegistered.subject, UserUpdated.subject, UserDeleted.subject],
      handler: userEventHandler(ctx),
    }),
  );
}
