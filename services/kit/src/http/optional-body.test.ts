import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../auth/tokens';
import { createLogger } from '../logger';
import { createServer } from './server';

/** Issue 30, item 12: a POST whose body schema requires nothing may come without a body. */
async function app() {
  const server = await createServer({
    name: 'probe',
    logger: createLogger('probe', 'silent'),
    verifier: {} as TokenVerifier,
  });
  const echo = async (req: { body: unknown }) => ({ body: req.body ?? 'absent' });
  server.post(
    '/api/v1/leave',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          { panel: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2)])) },
          { additionalProperties: false },
        ),
      },
    },
    echo,
  );
  server.post(
    '/api/v1/pay',
    { config: { auth: 'public' }, schema: { body: Type.Object({ amount: Type.Number() }) } },
    echo,
  );
  return server;
}

const json = { 'content-type': 'application/json' };

describe('an optional body', () => {
  it('may be left out when its schema requires nothing: the handler gets {}', async () => {
    const server = await app();
    const res = await server.inject({ method: 'POST', url: '/api/v1/leave' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ body: {} });
    // a body that is sent is still checked as it is
    const sent = (payload: string) =>
      server.inject({ method: 'POST', url: '/api/v1/leave', payload, headers: json });
    expect((await sent('{"panel":2}')).json()).toEqual({ body: { panel: 2 } });
    expect((await sent('{"panel":3}')).statusCode).toBe(400);
    expect((await sent('{"other":1}')).statusCode).toBe(400);
    expect((await sent('null')).statusCode).toBe(400);
    expect((await sent('[]')).statusCode).toBe(400);
  });

  it('is still required where the schema requires a field', async () => {
    const server = await app();
    const res = await server.inject({ method: 'POST', url: '/api/v1/pay' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('value must be an object');
  });
});
