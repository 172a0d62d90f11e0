import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  RootOperationNode,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLogger,
  defineService,
  OutboxRelay,
  type RunningService,
  recordEvent,
  startService,
} from '../src';
import { eventually, type TestInfrastructure, testInfrastructure } from '../src/testing';

/** Counts the statements a Kysely instance sends (the relay's own, below). */
class Counter implements KyselyPlugin {
  statements = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the relay's first look is over: a read that finds nothing, then the hourly prune. */
async function firstLook(counter: Counter) {
  await eventually(() => counter.statements >= 2);
  // time is what is tested: a moment in which nothing more may run
  await sleep(100);
}
const emptyService = defineService({ name: 'relayed', migrations: {}, routes: [] });

// Issue 37 target 4: the outbox and the leases wake on work. A transaction that wrote no event asks for no
// publish pass, and in the embedded mode (one process writes every outbox) an idle relay
// does not read its outbox on every poll.
for (const kind of ['cluster', 'embedded'] as const) {
  describe(`outbox relay at rest (${kind})`, () => {
    let infra: TestInfrastructure;
    let svc: RunningService;
    beforeAll(async () => {
      infra = await testInfrastructure({ kind });
      svc = await startService(emptyService, infra);
    }, 180_000);
    afterAll(async () => {
      await svc?.stop();
      await infra?.close();
    });

    it('runs no publish pass after a transaction that wrote no event, and one after a transaction that did', async () => {
      const counter = new Counter();
      const logger = createLogger('test', 'silent');
      // not started: no poll, only the passes afterCommit asks for
      const relay = new OutboxRelay(svc.ctx.db.withPlugin(counter), infra.bus, logger);
      await relay.afterCommit(() => svc.ctx.db.transaction().execute(async () => {}));
      // time is what is tested: a moment at rest in which no pass may run
      await sleep(100);
      expect(counter.statements).toBe(0);

      const published: string[] = [];
      const sub = await infra.bus.consume({
        durable: `relay-${kind}`,
        subjects: ['relayed.done'],
        handler: async (e) => {
          published.push(e.id);
        },
      });
      const event = await relay.afterCommit(() =>
        svc.ctx.db.transaction().execute((trx) => recordEvent(trx, 'relayed.done', { ok: true })),
      );
      await eventually(() => published.includes(event.id));
      expect(counter.statements).toBeGreaterThan(0);
      await sub.stop();
      await relay.stop();
    });

    it(
      kind === 'embedded'
        ? 'holds a lease from the start without writing a lease row (one process, nothing to elect)'
        : 'holds a lease through its row in the database',
      async () => {
        const lease = svc.ctx.lease('at-rest');
        await eventually(() => lease.held);
        const rows = await svc.ctx.db
          .selectFrom('kit_leases')
          .select('name')
          .where('name', '=', 'at-rest')
          .execute();
        expect(rows).toHaveLength(kind === 'embedded' ? 0 : 1);
        await lease.stop();
        expect(lease.held).toBe(false);
      },
    );

    it(
      kind === 'embedded'
        ? 'does not read the outbox on every poll while nothing was written'
        : 'reads the outbox on every poll (another replica may have left rows behind)',
      async () => {
        const counter = new Counter();
        const logger = createLogger('test', 'silent');
        const relay = new OutboxRelay(svc.ctx.db.withPlugin(counter), infra.bus, logger, {
          pollMs: 20,
          ...(kind === 'embedded' ? { lookEveryMs: 60_000 } : {}),
        });
        relay.start();
        await firstLook(counter);
        const before = counter.statements;
        // time is what is tested: 400 ms at rest (no statement embedded, polls in cluster)
        await sleep(400);
        if (kind === 'embedded') expect(counter.statements).toBe(before);
        else expect(counter.statements).toBeGreaterThan(before + 5);

        // an event written outside afterCommit is still found by the next poll
        const published: string[] = [];
        const sub = await infra.bus.consume({
          durable: `relay-poll-${kind}`,
          subjects: ['relayed.quiet'],
          handler: async (e) => {
            published.push(e.id);
          },
        });
        const event = await svc.ctx.db
          .transaction()
          .execute((trx) => recordEvent(trx, 'relayed.quiet', { ok: true }));
        await eventually(() => published.includes(event.id), 5_000);
        await sub.stop();
        await relay.stop();
      },
    );
  });
}
