import type { CommandDefinition, CommandReply, CommandRequest, EventDefinition } from '@bet/proto-events';
import type { Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import type { DeliveryInfo } from './bus/types';
import type { App } from './http/server';
import type { EventOf } from './messages';

/**
 * The parts a service is made of, each declared in its own file and listed in its folder's
 * index, so `index.ts` reads as the service's table of contents:
 * routes/ (one file per call), consumers/ (one durable consumer, responder or listener per
 * file), jobs/ (periodic work). The builders below are bound to the service's context type
 * in its `context.ts`: `export const { route, consumer, responder, listener, job } = parts<AppContext>();`
 */

export interface RouteModule<Ctx> {
  kind: 'route';
  /** the call(s) this file answers, e.g. 'GET /api/v1/aviator/state' (for readers and the shape test) */
  name: string;
  register(app: App, ctx: Ctx): void | Promise<void>;
}

type AnyEvent = EventDefinition<any, any>;
type EventUnion<Es extends readonly AnyEvent[]> = EventOf<Es[number]>;

/** The transaction a service's context opens: its own database type, outbox tables included. */
export type TrxOf<Ctx> = Ctx extends { db: infer D } ? D : Kysely<any>;

interface ConsumerBase<Ctx, Es extends readonly AnyEvent[]> {
  kind: 'consumer';
  /** durable consumer name: replicas sharing it share the work */
  durable: string;
  events: Es;
  concurrency?: number;
  ackWaitMs?: number;
  /** deliveries before giving up; unset: 10 (money and settlement pass NEVER_GIVE_UP) */
  maxDeliver?: number;
  /**
   * Group commit: events delivered while a batch is being handled are handed over together
   * (up to `max`), one call for many, which keeps its own idempotency (e.g. `claimInbox` in
   * its transaction). A batch that throws is handled again event by event with `handle`, so
   * a bad event fails alone. At most `max` × `parallel` events are in flight; `concurrency` is ignored.
   */
  together?: {
    max: number;
    /** batches handled at once (default 1): the effects of two may commit in either order */
    parallel?: number;
    /**
     * With `parallel` > 1: the key (e.g. the user) whose events never go in two batches
     * handled at once, so the parallel batches do not wait on each other's row locks
     */
    laneOf?(event: EventUnion<Es>): string;
    handle(ctx: Ctx, events: EventUnion<Es>[]): Promise<void>;
  };
}

/**
 * Exactly once in effect (the default): the handler runs in a transaction together with the
 * inbox row of (durable, event id), typed with the service's database, and a redelivered
 * event is skipped.
 */
export interface OnceConsumer<Ctx, Es extends readonly AnyEvent[]> extends ConsumerBase<Ctx, Es> {
  once?: true;
  handle(ctx: Ctx, event: EventUnion<Es>, info: DeliveryInfo & { trx: TrxOf<Ctx> }): Promise<void>;
}

/** `once: false`: a handler that keeps its own idempotency (e.g. money keyed by bet); no transaction. */
export interface OwnIdempotencyConsumer<Ctx, Es extends readonly AnyEvent[]> extends ConsumerBase<Ctx, Es> {
  once: false;
  handle(ctx: Ctx, event: EventUnion<Es>, info: DeliveryInfo & { trx: null }): Promise<void>;
}

export type ConsumerModule<Ctx, Es extends readonly AnyEvent[] = readonly AnyEvent[]> =
  | OnceConsumer<Ctx, Es>
  | OwnIdempotencyConsumer<Ctx, Es>;

type Unkinded<T> = T extends unknown ? Omit<T, 'kind'> : never;

export interface ResponderModule<Ctx, C extends CommandDefinition = CommandDefinition> {
  kind: 'responder';
  command: C;
  handle(ctx: Ctx, request: CommandRequest<C>): Promise<CommandReply<C>>;
  /**
   * The reply to a request outside the catalogue's shape, for commands whose reply can say
   * so (e.g. `{ ok: false, reason: 'invalid' }`); unset: the caller gets a bus error.
   */
  invalid?: (problems: string[]) => CommandReply<C>;
  /**
   * Group commit (see ConsumerModule.together): requests arriving while a batch is handled
   * are answered together, one reply per request in their order; a batch that throws is
   * answered request by request with `handle`.
   */
  together?: {
    max: number;
    parallel?: number;
    handle(ctx: Ctx, requests: CommandRequest<C>[]): Promise<CommandReply<C>[]>;
  };
}

export interface ListenerModule<Ctx, E extends AnyEvent = AnyEvent> {
  kind: 'listener';
  event: E;
  handle(ctx: Ctx, data: Static<E['schema']>): void;
}

export interface JobModule<Ctx> {
  kind: 'job';
  name: string;
  /** interval, fixed or read from the config */
  everyMs: number | ((ctx: Ctx) => number);
  /** only the replica holding the job's lease runs it (work that must happen once in a cluster) */
  leader?: boolean;
  /** run once at start instead of after the first interval */
  immediately?: boolean;
  /** set false to leave a job off (e.g. by configuration) */
  enabled?: (ctx: Ctx) => boolean;
  run(ctx: Ctx): Promise<unknown> | unknown;
}

export type MessageModule<Ctx> =
  | ConsumerModule<Ctx, any>
  | ResponderModule<Ctx, any>
  | ListenerModule<Ctx, any>;

/** Builders of a service's parts, typed by its context. */
export function parts<Ctx>() {
  return {
    route(name: string, register: (app: App, ctx: Ctx) => void | Promise<void>): RouteModule<Ctx> {
      return { kind: 'route', name, register };
    },
    consumer<const Es extends readonly AnyEvent[]>(
      def: Unkinded<ConsumerModule<Ctx, Es>>,
    ): ConsumerModule<Ctx, Es> {
      return { kind: 'consumer', ...def } as ConsumerModule<Ctx, Es>;
    },
    responder<C extends CommandDefinition>(
      command: C,
      handle: (ctx: Ctx, request: CommandRequest<C>) => Promise<CommandReply<C>>,
      opts: Pick<ResponderModule<Ctx, C>, 'invalid' | 'together'> = {},
    ): ResponderModule<Ctx, C> {
      return { kind: 'responder', command, handle, ...opts };
    },
    listener<E extends AnyEvent>(
      event: E,
      handle: (ctx: Ctx, data: Static<E['schema']>) => void,
    ): ListenerModule<Ctx, E> {
      return { kind: 'listener', event, handle };
    },
    job(def: Omit<JobModule<Ctx>, 'kind'>): JobModule<Ctx> {
      return { kind: 'job', ...def };
    },
  };
}
