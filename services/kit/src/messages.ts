import type { CommandDefinition, CommandReply, CommandRequest, EventDefinition } from '@bet/proto-events';
import { validate } from '@bet/proto-events';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { EventBus, EventEnvelope } from './bus/types';
import { newId } from './ids';
import { writeOutbox } from './outbox';

/** A delivered event of one catalogue definition, its payload typed by the definition. */
export type EventOf<E> =
  E extends EventDefinition<infer S, infer Sub>
    ? Omit<EventEnvelope<Static<S>>, 'subject'> & { subject: Sub }
    : never;

/** A message that does not match its catalogue schema: a producer's bug, never retried into success. */
export class MessageSchemaError extends Error {
  override name = 'MessageSchemaError';
  constructor(
    readonly subject: string,
    readonly problems: string[],
  ) {
    super(`${subject} does not match its catalogue schema: ${problems.slice(0, 3).join('; ')}`);
  }
}

function check(subject: string, schema: TSchema, value: unknown) {
  const problems = validate(schema, value);
  if (problems.length > 0) throw new MessageSchemaError(subject, problems);
}

/** Checks a delivered envelope against the definition it claims and returns it typed. */
export function typedEvent<E extends EventDefinition>(def: E, envelope: EventEnvelope): EventOf<E> {
  check(def.subject, def.schema, envelope.data);
  return envelope as EventOf<E>;
}

/** A catalogue event's envelope, its data checked against the catalogue (outbox rows, a bench's own events). */
export function eventEnvelope<E extends EventDefinition>(
  def: E,
  data: Static<E['schema']>,
  id?: string,
): EventEnvelope<Static<E['schema']>> {
  check(def.subject, def.schema, data);
  return {
    id: id ?? newId(),
    subject: def.subject,
    version: def.version,
    occurredAt: new Date().toISOString(),
    data,
  };
}

/**
 * Writes catalogue events into the outbox inside the caller's transaction, validated
 * against their schema: the state change and its announcement commit or roll back together.
 */
export async function recordEvents<E extends EventDefinition>(
  trx: Kysely<any>,
  def: E,
  items: Array<{ data: Static<E['schema']>; id?: string }>,
): Promise<EventEnvelope<Static<E['schema']>>[]> {
  if (items.length === 0) return [];
  const events = items.map((i) => eventEnvelope(def, i.data, i.id));
  await writeOutbox(trx, events);
  return events as EventEnvelope<Static<E['schema']>>[];
}

/** Sends a catalogue command and returns its reply, both checked against the catalogue. */
export async function sendCommand<C extends CommandDefinition>(
  bus: EventBus,
  def: C,
  request: CommandRequest<C>,
  opts?: { timeoutMs?: number },
): Promise<CommandReply<C>> {
  check(def.subject, def.request, request);
  const reply = await bus.request(def.subject, request, opts);
  check(`${def.subject} (reply)`, def.reply, reply);
  return reply as CommandReply<C>;
}

/** Publishes a transient (core NATS) catalogue event: ticks and states nobody replays. */
export function broadcastEvent<E extends EventDefinition>(bus: EventBus, def: E, data: Static<E['schema']>) {
  if (def.delivery !== 'transient') throw new Error(`${def.subject} is durable: record it in the outbox`);
  check(def.subject, def.schema, data);
  bus.broadcast(def.subject, data);
}
