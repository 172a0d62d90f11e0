import { newId, type Static, type TSchema } from '@bet/kit';
import { type EventDefinition, validate } from '@bet/proto-events';
import type { Kysely } from 'kysely';

/** An event waiting to be written to the outbox. */
export interface PendingEvent {
  def: EventDefinition;
  data: unknown;
}

export function event<S extends TSchema>(def: EventDefinition<S>, data: Static<S>): PendingEvent {
  return { def, data };
}

/**
 * Writes events into the outbox inside the caller's transaction, in order, with one
 * INSERT (the simulator writes many per tick). Each payload is checked against its
 * catalogue schema first: a malformed event is a bug and must not leave the service.
 */
export async function recordEvents(trx: Kysely<any>, events: readonly PendingEvent[]): Promise<void> {
  if (events.length === 0) return;
  const now = new Date();
  const rows = events.map(({ def, data }) => {
    const errors = validate(def.schema, data);
    if (errors.length > 0)
      throw new Error(`refusing to publish an invalid ${def.subject}: ${errors.join('; ')}`);
    return {
      id: newId(),
      subject: def.subject,
      version: def.version,
      occurred_at: now,
      data: JSON.stringify(data),
    };
  });
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('outbox')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}
