import { type EventEnvelope, manualClock, newId, startService } from '@bet/kit';
import { eventually, type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { startGateway } from '../../gateway/test/helpers';
import type { AiParts } from '../../services/ai/src/context';
import type { GameFacts } from '../../services/ai/src/domain/types';
import { aiService } from '../../services/ai/src/index';
import { CALENDAR, NOW } from '../../services/ai/test/calendar';

/** The game as games.created carries it. */
export function published(g: GameFacts) {
  return {
    _id: g.id,
    homeTeam: g.homeTeam,
    awayTeam: g.awayTeam,
    homeTeamLogo: null,
    awayTeamLogo: null,
    league: g.league,
    matchDate: g.matchDate.toISOString(),
    status: g.status,
    scores: g.scores,
    elapsedTime: g.elapsedTime,
    odds: g.odds,
    result: g.result,
  };
}

export async function publish(infra: TestInfrastructure, subject: string, data: unknown) {
  const event: EventEnvelope = { id: newId(), subject, version: 1, occurredAt: NOW.toISOString(), data };
  await infra.bus.publish(event);
}

/**
 * The AI service on real Postgres/NATS/Redis behind the real gateway, its clock at the
 * fixed calendar's "now", the calendar published as the games service would.
 */
export async function startAi(
  opts: {
    overrides?: Partial<AiParts>;
    env?: Record<string, string>;
    gatewayEnv?: Record<string, string>;
  } = {},
) {
  const infra = await testInfrastructure({ env: { AI_RATE_LIMIT_PER_MINUTE: '1000', ...opts.env } });
  const ai = await startService(aiService, infra, {
    clock: manualClock(NOW.getTime()),
    overrides: opts.overrides,
  });
  const gw = await startGateway(infra, { upstreams: { ai: ai.url }, env: opts.gatewayEnv });
  for (const g of CALENDAR) await publish(infra, 'games.created', { game: published(g) });
  await eventually(async () => {
    const n = await ai.ctx.db
      .selectFrom('games' as never)
      .select((eb: any) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    return Number((n as any)?.n) === CALENDAR.length;
  }, 15_000);
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${gw.url}/api/v1${path}`, {
      method,
      headers: {
        ...headers,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? (typeof body === 'string' ? body : JSON.stringify(body)) : undefined,
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, body: json };
  };
  return {
    infra,
    ai,
    gw,
    call,
    async stop() {
      await gw.close();
      await ai.stop();
      await infra.close();
    },
  };
}
