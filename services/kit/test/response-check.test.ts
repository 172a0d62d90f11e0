import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../src/auth/tokens';
import { createServer } from '../src/http/server';
import { createLogger } from '../src/logger';

const Answer = Type.Object({ id: Type.String(), total: Type.Number() });

async function server(checkResponses: boolean) {
  const app = await createServer({
    name: 'probe',
    logger: createLogger('probe', 'silent'),
    verifier: {} as TokenVerifier,
    checkResponses,
  });
  const opts = { config: { auth: 'public' as const }, schema: { response: { 200: Answer } } };
  app.get('/api/v1/right', opts, async () => ({ id: 'a', total: 2 }));
  app.get('/api/v1/extra', opts, async () => ({ id: 'a', total: 2, secret: 'x' }));
  const refusable = {
    ...opts,
    schema: { response: { 200: Answer, 404: Type.Object({ msg: Type.String() }) } },
  };
  app.get('/api/v1/refused', refusable, async (_req, reply) => reply.status(404).send({ msg: 'Not here' }));
  return app;
}

describe('answers checked against their declared schemas (tests)', () => {
  it('fails a call whose answer the schema would silently change, naming the field', async () => {
    const app = await server(true);
    expect((await app.inject('/api/v1/right')).json()).toEqual({ id: 'a', total: 2 });
    const wrong = await app.inject('/api/v1/extra');
    expect(wrong.statusCode).toBe(500);
    expect(wrong.json().msg).toBe('GET /api/v1/extra answered outside its schema: / undeclared field secret');
    // error answers keep the `{ msg }` shape of the error handler, unchecked
    expect((await app.inject('/api/v1/refused')).statusCode).toBe(404);
    await app.close();
  });

  it('is off unless asked for: the schema then serialises (and drops the field)', async () => {
    const app = await server(false);
    expect((await app.inject('/api/v1/extra')).json()).toEqual({ id: 'a', total: 2 });
    await app.close();
  });
});
