import type { Static, TSchema } from '@sinclair/typebox';
import { FormatRegistry } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
if (!FormatRegistry.Has('date-time'))
  FormatRegistry.Set('date-time', (v) => ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v)));

export interface EventDefinition<S extends TSchema = TSchema, Sub extends string = string> {
  kind: 'event';
  subject: Sub;
  version: number;
  /** durable (JetStream) or transient (core NATS broadcast) */
  delivery: 'durable' | 'transient';
  owner: string;
  schema: S;
  example: Static<S>;
  description: string;
  /**
   * Who reacts to it (services with a consumer or listener of it, and `gateway` for what it
   * bridges to sockets), so a reader sees who cares; `[]`: kept for the record only.
   * tests/architecture/catalogue-consumers.test.ts keeps it true.
   */
  consumers: string[];
}

export interface CommandDefinition<Q extends TSchema = TSchema, R extends TSchema = TSchema> {
  kind: 'command';
  subject: string;
  owner: string;
  request: Q;
  reply: R;
  example: { request: Static<Q>; reply: Static<R> };
  description: string;
}

export function defineEvent<S extends TSchema, const Sub extends string>(
  def: Omit<EventDefinition<S, Sub>, 'kind' | 'delivery'> & { delivery?: 'durable' | 'transient' },
): EventDefinition<S, Sub> {
  return { kind: 'event', delivery: 'durable', ...def };
}

export function defineCommand<Q extends TSchema, R extends TSchema>(
  def: Omit<CommandDefinition<Q, R>, 'kind'>,
): CommandDefinition<Q, R> {
  return { kind: 'command', ...def };
}

export type EventData<E> = E extends EventDefinition<infer S, any> ? Static<S> : never;
export type CommandRequest<C> = C extends CommandDefinition<infer Q, any> ? Static<Q> : never;
export type CommandReply<C> = C extends CommandDefinition<any, infer R> ? Static<R> : never;

const compiled = new WeakMap<TSchema, ReturnType<typeof TypeCompiler.Compile>>();

/** Checks a payload against a schema; returns readable errors (empty when valid). */
export function validate(schema: TSchema, value: unknown): string[] {
  let c = compiled.get(schema);
  if (!c) {
    c = TypeCompiler.Compile(schema);
    compiled.set(schema, c);
  }
  // the compiled check first: walking the error iterator of a valid value costs several times more
  if (c.Check(value)) return [];
  return [...c.Errors(value)].map((e) => `${e.path || '/'}: ${e.message}`);
}
