import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import type { TokenVerifier } from '../auth/tokens';
import { createLogger } from '../logger';
import { createServer } from './server';

async function app() {
  const server = await createServer({
    name: 'probe',
    logger: createLogger('probe', 'silent'),
    // public routes only: the verifier is never asked
    verifier: {} as TokenVerifier,
  });
  server.get(
    '/api/v1/list',
    {
      config: { auth: 'public' },
      schema: {
        querystring: Type.Object({
          page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
          q: Type.Optional(Type.String({ maxLength: 50 })),
        }),
      },
    },
    async (req) => ({ page: (req.query as { page: number }).page }),
  );
  server.post(
    '/api/v1/pay',
    {
      config: { auth: 'public' },
      schema: {
        body: Type.Object(
          {
            amount: Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000 }),
            tags: Type.Optional(Type.Array(Type.Number())),
            note: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (req) => ({ amount: (req.body as { amount: number }).amount }),
  );
  return server;
}

describe('number coercion at the edge', () => {
  it("refuses a query number that Ajv's coercion turns into Infinity, with errors[]", async () => {
    const server = await app();
    for (const v of ['1e400', '-1e400', 'Infinity']) {
      const res = await server.inject(`/api/v1/list?page=${v}`);
      expect(res.statusCode, v).toBe(400);
      expect(res.json()).toEqual({
        msg: 'page must be a finite number',
        errors: [{ path: 'page', location: 'query', msg: 'page must be a finite number' }],
      });
    }
    expect((await server.inject('/api/v1/list?page=7')).json()).toEqual({ page: 7 });
    expect((await server.inject('/api/v1/list?page=1e9')).statusCode).toBe(400);
  });

  it('validates a body strictly: no type coercion of strings, booleans, arrays or null', async () => {
    const server = await app();
    const post = (payload: unknown) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/pay',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
    for (const amount of [
      '1e400',
      '1e3',
      '0x10',
      '0b11',
      ' ',
      ' 5',
      '5 ',
      '',
      '+5',
      '.5',
      '5.',
      'NaN',
      true,
      false,
      null,
      [5],
    ]) {
      const res = await post({ amount });
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ path: 'amount', location: 'body' });
    }
    const nested = await post({ amount: 5, tags: ['x'] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().errors[0].path).toBe('tags[0]');
    expect((await post({ amount: 12.5 })).json()).toEqual({ amount: 12.5 });
    // a JSON number too large for a double is Infinity after parsing: still refused
    const inf = await server.inject({
      method: 'POST',
      url: '/api/v1/pay',
      payload: '{"amount":1e999}',
      headers: { 'content-type': 'application/json' },
    });
    expect(inf.statusCode).toBe(400);
  });

  it('takes a plain decimal string for a number field (a number input sends "88"), converted exactly', async () => {
    const server = await createServer({
      name: 'probe',
      logger: createLogger('probe', 'silent'),
      verifier: {} as TokenVerifier,
    });
    server.post(
      '/api/v1/rank',
      {
        config: { auth: 'public' },
        schema: {
          body: Type.Object(
            {
              ranking: Type.Integer({ minimum: 1, maximum: 100 }),
              odds: Type.Optional(Type.Number({ minimum: 1.01 })),
              scores: Type.Optional(Type.Object({ home: Type.Integer({ minimum: 0 }) })),
              list: Type.Optional(Type.Array(Type.Number())),
              either: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
              label: Type.Optional(Type.Union([Type.Number(), Type.String()])),
            },
            { additionalProperties: false },
          ),
        },
      },
      async (req) => {
        const b = req.body as Record<string, unknown>;
        return { got: b, types: Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v])) };
      },
    );
    const post = (payload: unknown) =>
      server.inject({
        method: 'POST',
        url: '/api/v1/rank',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json' },
      });
    const ok = await post({
      ranking: '88',
      odds: '2.10',
      scores: { home: '3' },
      list: ['1.5', 2],
      either: '-4',
      label: '7',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().got).toEqual({
      ranking: 88,
      odds: 2.1,
      scores: { home: 3 },
      list: [1.5, 2],
      either: -4,
      // a field that takes text as well keeps the text
      label: '7',
    });
    expect(ok.json().types).toMatchObject({ ranking: 'number', odds: 'number', either: 'number' });
    // the converted number meets the same checks a number would
    for (const [body, path] of [
      [{ ranking: '0' }, 'ranking'],
      [{ ranking: '101' }, 'ranking'],
      [{ ranking: '88.5' }, 'ranking'],
      [{ ranking: 5, odds: '1.00' }, 'odds'],
      [{ ranking: 5, scores: { home: '-1' } }, 'scores.home'],
      // not a plain decimal, or not exactly a double
      [{ ranking: '0x10' }, 'ranking'],
      [{ ranking: '1e3' }, 'ranking'],
      [{ ranking: ' 5' }, 'ranking'],
      [{ ranking: '' }, 'ranking'],
      [{ ranking: '9007199254740993' }, 'ranking'],
      [{ ranking: 5, odds: '1.100000000000000000001' }, 'odds'],
    ] as const) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path, JSON.stringify(body)).toBe(path);
    }
  });

  it('still coerces query strings, which are text by nature', async () => {
    const server = await app();
    expect((await server.inject('/api/v1/list?page=3')).json()).toEqual({ page: 3 });
  });

  it('refuses U+0000 in a string (Postgres text cannot store it) wherever it comes', async () => {
    const server = await app();
    const body = await server.inject({
      method: 'POST',
      url: '/api/v1/pay',
      payload: JSON.stringify({ amount: 5, note: 'ab\u0000cd' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      msg: 'note must not contain a NUL character',
      errors: [{ path: 'note', location: 'body', msg: 'note must not contain a NUL character' }],
    });
    const query = await server.inject('/api/v1/list?q=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json().errors[0]).toEqual({
      path: 'q',
      location: 'query',
      msg: 'q must not contain a NUL character',
    });
    expect((await server.inject('/api/v1/list?q=fine')).statusCode).toBe(200);
  });
});

describe('framework refusals in the { msg } shape', () => {
  it("answers an over-long path parameter (a 5,000-character id) with { msg }, not Fastify's shape", async () => {
    const server = await app();
    server.get('/api/v1/things/:id', { config: { auth: 'public' } }, async () => ({ ok: true }));
    const res = await server.inject(`/api/v1/things/${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ msg: 'A path segment is too long' });
    const bad = await server.inject('/api/v1/things/%E0%A4%A');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ msg: 'The path is not a valid URL' });
  });
});

describe('domain errors answer through the service table', () => {
  it('maps a code to its status and says the message word for word; the code is sent only when the table says so', async () => {
    const { DomainError } = await import('../errors');
    const server = await createServer({
      name: 'probe',
      logger: createLogger('probe', 'silent'),
      verifier: {} as TokenVerifier,
      errors: { user_not_found: { status: 404 }, taken: { status: 409, sendCode: true } },
    });
    const refusals: Record<string, Error> = {
      gone: new DomainError('user_not_found', 'User not found'),
      taken: new DomainError('taken', 'That name is taken', {
        errors: [{ path: 'name', location: 'body', msg: 'That name is taken' }],
      }),
      unlisted: new DomainError('nobody_mapped_it', 'No table entry'),
    };
    for (const [path, err] of Object.entries(refusals))
      server.get(`/api/v1/${path}`, { config: { auth: 'public' } }, async () => {
        throw err;
      });
    const answer = async (path: string) => {
      const res = await server.inject(`/api/v1/${path}`);
      return [res.statusCode, res.body];
    };
    expect(await answer('gone')).toEqual([404, '{"msg":"User not found"}']);
    expect(await answer('taken')).toEqual([
      409,
      '{"msg":"That name is taken","errors":[{"path":"name","location":"body","msg":"That name is taken"}],"code":"taken"}',
    ]);
    expect(await answer('unlisted')).toEqual([422, '{"msg":"No table entry","code":"nobody_mapped_it"}']);
  });
});
