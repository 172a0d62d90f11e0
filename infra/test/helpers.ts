import { type ChildProcess, spawn } from 'node:child_process';
import { newId } from '@bet/kit';
import { eventually, freePort } from '@bet/kit/testing';
import { REPO_ROOT } from '../src/defaults';

export { freePort };

/** Starts a repository entry point exactly as the npm scripts do, collecting its output. */
export function startProcess(entry: string, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d.toString()));
  child.stderr?.on('data', (d) => (output += d.toString()));
  return {
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      return new Promise<number | null>((done) => {
        child.once('exit', (code) => done(code));
        child.kill('SIGTERM');
        // a watchdog, not a wait: a process deaf to SIGTERM is killed
        setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
      });
    },
  };
}

/** A named process of a test cluster, with what started it (to start its successor alike). */
export type Proc = ReturnType<typeof startProcess> & {
  name: string;
  url: string;
  main: string;
  env: Record<string, string>;
};

/**
 * The processes of a test cluster: `start` runs an entry point on a port (a free one unless
 * given: a successor takes its predecessor's) on 127.0.0.1, `one` finds the running one by name.
 */
export function processGroup() {
  const procs: Proc[] = [];
  const start = async (name: string, main: string, env: Record<string, string>, port?: number) => {
    const at = port ?? (await freePort());
    const full = { ...env, PORT: String(at), HOST: '127.0.0.1', METRICS_PORT: '0' };
    const proc: Proc = Object.assign(startProcess(main, full), {
      name,
      url: `http://127.0.0.1:${at}`,
      main,
      env: full,
    });
    procs.push(proc);
    return proc;
  };
  const one = (name: string) => procs.find((p) => p.name === name)!;
  return { procs, start, one };
}

/** `eventually`, failing with what `describe` says about the state it waited on. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, describe: () => string) {
  await eventually(check, timeoutMs, 250).catch(() => {
    throw new Error(`timed out: ${describe()}`);
  });
}

/** Waits until a started process answers /readyz (its output in the failure). */
export function waitReady(p: { name: string; url: string; output: () => string }, timeoutMs = 150_000) {
  return waitFor(
    async () => (await fetch(`${p.url}/readyz`)).ok,
    timeoutMs,
    () => `${p.name}: ${p.output().slice(-2000)}`,
  );
}

/**
 * One call to a running platform's API. The token may come with or without its `Bearer `;
 * `forwardedFor` makes the caller a client of its own (gateways started with TRUST_PROXY).
 */
export async function api(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  opts: { forwardedFor?: string; timeoutMs?: number } = {},
) {
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    headers: {
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token.startsWith('Bearer ') ? token : `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    ...(opts.timeoutMs ? { signal: AbortSignal.timeout(opts.timeoutMs) } : {}),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** register → login → me → refresh (rotation) → reuse refused: the auth path of every client */
export async function exerciseAuth(base: string) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const password = 'Correct-Horse-42';
  const reg = await api(base, 'POST', '/auth/register', {
    username: `player_${suffix}`,
    email: `player_${suffix}@example.com`,
    password,
    firstName: 'Ada',
    lastName: 'Obi',
  });
  const login = await api(base, 'POST', '/auth/login', { email: `player_${suffix}@example.com`, password });
  const me = await api(base, 'GET', '/auth/me', undefined, login.body?.accessToken);
  // our web's way: rotation; then the used-up token comes back (a theft)
  const refreshed = await api(base, 'POST', '/auth/refresh-token', {
    token: login.body?.refreshToken,
    rotate: true,
  });
  const reused = await api(base, 'POST', '/auth/refresh-token', { token: login.body?.refreshToken });
  return { suffix, reg, login, me, refreshed, reused };
}

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  client?: string,
) => Promise<{ status: number; body: any }>;

/**
 * Players registered, signed in and funded through the gateway, each from its own address
 * (198.51.100.10 on; `count` up to 240): what the chaos and rolling-restart tests and the chaos
 * soak bet with.
 */
export async function fundedPlayers(
  call: Call,
  admin: string,
  opts: { count: number; amount: number; prefix: string },
): Promise<Array<{ id: string; token: string; client: string }>> {
  const players: Array<{ id: string; token: string; client: string }> = [];
  for (let i = 0; i < opts.count; i++) {
    const name = `${opts.prefix}${newId().slice(-10)}`;
    const client = `198.51.100.${10 + i}`;
    const password = 'Correct-Horse-42';
    const reg = await call(
      'POST',
      '/auth/register',
      { username: name, email: `${name}@example.com`, password, firstName: 'Ada', lastName: 'Obi' },
      undefined,
      client,
    );
    if (reg.status !== 201)
      throw new Error(`registering a player: ${reg.status} ${JSON.stringify(reg.body)}`);
    const login = await call(
      'POST',
      '/auth/login',
      { email: `${name}@example.com`, password },
      undefined,
      client,
    );
    const token = `Bearer ${login.body.accessToken}`;
    const id = JSON.parse(Buffer.from(login.body.accessToken.split('.')[1], 'base64url').toString()).sub;
    await waitFor(
      async () => (await call('GET', '/wallet', undefined, token, client)).status === 200,
      20_000,
      () => 'no wallet',
    );
    const funded = await call(
      'PATCH',
      `/admin/users/${id}/wallet`,
      { amount: opts.amount, description: 'test funding' },
      admin,
    );
    if (funded.status !== 200)
      throw new Error(`funding a player: ${funded.status} ${JSON.stringify(funded.body)}`);
    players.push({ id, token, client });
  }
  return players;
}
