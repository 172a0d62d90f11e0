import { bettingService } from '@bet/betting';
import { type Clock, manualClock, type RunningService } from '@bet/kit';
import { eventually, inject, startStack as startServices, type TestStack } from '@bet/kit/testing';
import { walletService } from '@bet/wallet';
import { aviatorService } from '../../services/aviator/src/index';
import { balance, player, setLimits } from '../support/players';

/** Short rounds and a small chain: the same code paths, in test time. */
export const AVIATOR_TEST_ENV = {
  AVIATOR_CHAIN_LENGTH: '3000',
  AVIATOR_CHAIN_CHECKPOINT_EVERY: '100',
  AVIATOR_BETTING_MS: '1000',
  AVIATOR_CRASHED_MS: '100',
  AVIATOR_WAITING_MS: '100',
  AVIATOR_TICK_MS: '20',
  AVIATOR_LEASE_TTL_MS: '900',
};

export type Stack = TestStack &
  Record<'wallet' | 'betting' | 'aviator', RunningService<any>> & { clock: ReturnType<typeof manualClock> };

export async function startStack(
  env: Record<string, string> = {},
  clock?: Clock,
  kind: 'cluster' | 'embedded' = 'cluster',
): Promise<Stack> {
  const c = (clock as ReturnType<typeof manualClock>) ?? manualClock(Date.now());
  const stack = await startServices<'wallet' | 'betting' | 'aviator'>(
    [
      walletService,
      bettingService,
      // OUTBOX_KEEP_HOURS: the redelivery test replays an event read from aviator's outbox
      {
        def: aviatorService,
        options: { env: { ...AVIATOR_TEST_ENV, OUTBOX_KEEP_HOURS: '24', ...env }, clock: c },
      },
    ],
    { env: { GAMES_PROVIDER: 'none' }, kind },
  );
  return Object.assign(stack, { clock: c });
}

export { balance, inject as api, player, setLimits };

export async function latest(svc: RunningService<any>) {
  return svc.ctx.db
    .selectFrom('rounds')
    .selectAll()
    .orderBy('idx', 'desc')
    .limit(1)
    .executeTakeFirst() as Promise<any>;
}

/**
 * Moves the manual clock through rounds until one is open for betting whose (secret)
 * crash point satisfies `fits`; the test may read it because it holds the database.
 */
export async function roundWhere(s: Stack, fits: (crashPoint: number, round: any) => boolean, tries = 400) {
  for (let i = 0; i < tries; i++) {
    const r = await eventually(() => latest(s.aviator), 10_000);
    if (
      r.state === 'betting' &&
      s.clock.now() < r.betting_ends_at.getTime() - 200 &&
      fits(Number(r.crash_point), r)
    )
      return r;
    const before = `${r.id}:${r.state}`;
    s.clock.advance(r.state === 'running' ? 3_600_000 : 2_000);
    await eventually(async () => {
      const now = await latest(s.aviator);
      return `${now.id}:${now.state}` !== before;
    }, 10_000);
  }
  throw new Error('no fitting round');
}

/** Lets the round lift off (manual clock past the countdown) and waits for the clock to do it. */
export async function liftOff(s: Stack, round: { id: string; betting_ends_at: Date }) {
  s.clock.set(round.betting_ends_at.getTime());
  return eventually(async () => {
    const r = await latest(s.aviator);
    return r.id === round.id && r.state === 'running' ? r : null;
  }, 10_000);
}

export async function bet(s: Stack, id: string) {
  return s.aviator.ctx.db
    .selectFrom('bets')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst() as Promise<any>;
}
