/**
 * Identity hot paths: argon2id cost, sign-in, token refresh (rotation) and /auth/me.
 *
 *   node --import tsx bench/identity-auth.ts              # embedded (PGlite, in-memory bus)
 *   node --import tsx bench/identity-auth.ts --cluster    # real Postgres, NATS, Redis
 *   N=400 node --import tsx bench/identity-auth.ts        # more iterations
 *
 * Sign-in is dominated by argon2id on purpose (OWASP: 19 MiB, t=2, p=1); its figure is the
 * capacity of one process for password checks, which the gateway's stricter login rate
 * limit keeps well below.
 */
import { startService } from '@bet/kit';
import { testInfrastructure } from '@bet/kit/testing';
import argon2 from 'argon2';
import { ARGON2_OPTIONS } from '../services/identity/src/app/passwords';
import { identityService } from '../services/identity/src/index';

const kind = process.argv.includes('--cluster') ? 'cluster' : 'embedded';
const N = Number(process.env.N ?? 200);

function stats(label: string, samples: number[], wallMs: number) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))].toFixed(2);
  console.log(
    `${label.padEnd(34)} n=${String(s.length).padStart(4)}  p50=${q(0.5).padStart(7)} ms  p95=${q(0.95).padStart(7)} ms  max=${s[s.length - 1].toFixed(2).padStart(7)} ms  ${((s.length / wallMs) * 1000).toFixed(0).padStart(5)}/s`,
  );
}

async function measure(label: string, n: number, concurrency: number, fn: (i: number) => Promise<void>) {
  const samples: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t = performance.now();
        await fn(i);
        samples.push(performance.now() - t);
      }
    }),
  );
  stats(label, samples, performance.now() - t0);
}

const hashes: string[] = [];
await measure('argon2id hash', 20, 1, async () => {
  hashes.push(await argon2.hash('correct-horse-battery', ARGON2_OPTIONS));
});
await measure('argon2id verify', 20, 1, async (i) => {
  await argon2.verify(hashes[i % hashes.length], 'correct-horse-battery');
});

const infra = await testInfrastructure({ kind });
const svc = await startService(identityService, infra);
const call = async (method: string, url: string, payload?: unknown, token?: string, ip = '198.51.100.1') => {
  const res = await svc.app.inject({
    method: method as any,
    url,
    payload: payload as any,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (res.statusCode >= 400) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
  return res.json();
};

try {
  console.log(`\nservice on ${kind} infrastructure`);
  const users: Array<{ email: string; refresh: string; access: string }> = [];
  await measure('POST /auth/register', 20, 2, async (i) => {
    const email = `bench${i}@example.com`;
    const r = await call('POST', '/api/v1/auth/register', {
      username: `bench_${i}`,
      email,
      password: 'correct-horse-battery',
      firstName: 'Bench',
      lastName: 'User',
    });
    users.push({ email, refresh: r.refreshToken, access: r.accessToken });
  });
  await measure('POST /auth/login (x2 concurrent)', 40, 2, async (i) => {
    await call(
      'POST',
      '/api/v1/auth/login',
      { email: users[i % users.length].email, password: 'correct-horse-battery' },
      undefined,
      `198.51.100.${i % 200}`,
    );
  });
  await measure('POST /auth/login wrong password', 20, 2, async (i) => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: users[i % users.length].email, password: 'wrong-password-x' },
      remoteAddress: `203.0.113.${i}`,
    });
    if (res.statusCode !== 401) throw new Error(String(res.statusCode));
  });
  await measure('POST /auth/login unknown email', 20, 2, async (i) => {
    const res = await svc.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: `nobody${i}@example.com`, password: 'wrong-password-x' },
      remoteAddress: `203.0.113.${100 + i}`,
    });
    if (res.statusCode !== 401) throw new Error(String(res.statusCode));
  });
  await measure('POST /auth/refresh-token (rotate)', N, 4, async (i) => {
    const u = users[i % users.length];
    // at most 4 in flight over 20 users: a user's previous rotation has always finished
    const r = await call('POST', '/api/v1/auth/refresh-token', { token: u.refresh });
    u.refresh = r.refreshToken;
    u.access = r.accessToken;
  });
  await measure('GET /auth/me', N * 2, 4, async (i) => {
    await call('GET', '/api/v1/auth/me', undefined, users[i % users.length].access);
  });
  await measure('GET /users/limits', N, 4, async (i) => {
    await call('GET', '/api/v1/users/limits', undefined, users[i % users.length].access);
  });
} finally {
  await svc.stop();
  await infra.close();
}
