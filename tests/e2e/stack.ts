// The real platform for the browser tests, started as `npm start` starts it: the embedded entry
// point in a child process, on a free port, with a scratch data folder, serving the built bundles.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { eventually, freePort } from '@bet/kit/testing';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { vi } from 'vitest';

// A page may answer in seconds on a busy two-core machine (argon2 on sign-up, PGlite, the
// simulator): expect.poll waits up to 15 s here instead of vitest's 1 s.
vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const RESULTS_DIR = join(REPO_ROOT, 'test-results', 'e2e');

/** the browser tests' own passwords, given to the platform as ADMIN_PASSWORD / DEMO_PASSWORD */
export const ADMIN = { email: 'admin@betplatform.local', password: 'e2e-Admin-Pitch' };
export const DEMO = { email: 'demo@betplatform.local', password: 'e2e-Demo-Kickoff' };

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The bundles must exist before the platform starts (`npm test` builds them first). */
function ensureWebBuilt(): void {
  const built = [
    'web-shell/dist/index.html',
    'web-player/dist/remoteEntry.js',
    'web-admin/dist/remoteEntry.js',
  ];
  if (built.every((f) => existsSync(join(REPO_ROOT, f)))) return;
  const res = spawnSync('npm', ['run', 'build:web'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('npm run build:web failed');
}

export interface ApiResult<T = any> {
  status: number;
  body: T;
}

export interface Stack {
  /** the address `npm start` prints (localhost), the one its payment links point at */
  url: string;
  output(): string;
  api<T = any>(method: string, path: string, body?: unknown, token?: string): Promise<ApiResult<T>>;
  login(email: string, password: string): Promise<{ accessToken: string; refreshToken: string; user: any }>;
  stop(): Promise<void>;
}

/**
 * Spawns `node --import tsx infra/src/embedded.ts` and waits for its 'is running' banner.
 * `env` adds settings (simulator speed...) on top of the defaults.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  ensureWebBuilt();
  // a port found free can be taken by someone's outgoing connection before the platform,
  // seconds into its start, binds it: then start again on another
  for (let attempt = 1; ; attempt++) {
    try {
      return await startStackOnce(env);
    } catch (err) {
      if (attempt >= 3 || !String((err as Error).message).includes('EADDRINUSE')) throw err;
    }
  }
}

async function startStackOnce(env: Record<string, string>): Promise<Stack> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bet-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/src/embedded.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // the seeded accounts' passwords are generated per data folder unless given
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD: DEMO.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d.toString()));
  child.stderr?.on('data', (d) => (output += d.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  // a crashed or interrupted test run must not leave the platform running
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);

  const url = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      // a watchdog, not a wait: a process deaf to SIGTERM is killed
      const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(killer);
    }
    process.off('exit', orphan);
    rmSync(dataDir, { recursive: true, force: true });
  };

  // started, or ended: no point waiting out the deadline for a process that is gone
  await eventually(() => output.includes('is running') || child.exitCode !== null, 180_000, 200).catch(
    () => {},
  );
  if (!output.includes('is running')) {
    await stop();
    throw new Error(`the platform did not start:\n${output}`);
  }

  const api = async <T = any>(method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: (await res.json().catch(() => null)) as T };
  };
  const login = async (email: string, password: string) => {
    const res = await api('POST', '/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  return { url, output: () => output, api, login, stop };
}

/** The machine's Chromium, headless; never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

/** A fresh context (its own storage) with the page's errors collected for the assertions. */
export async function newPage(
  browser: Browser,
  opts: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...opts });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

export function screenshotPath(name: string): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  return join(RESULTS_DIR, name);
}

/** Signs in through the Login page (the way a player does). */
export async function loginThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/**
 * Resolves once the page's animations and transitions that end (a sheet sliding in, a fade)
 * have ended: what a screenshot or a measurement should wait for. Endless ones (a spinner, a
 * live dot) are left out.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
}

/**
 * Scrolls to the end of the page and names each floating control (the slip bar, the AI
 * launcher, scroll-to-top) that lies over a line of the footer: a phone must be able to read
 * the responsible-gambling notice and reach the terms.
 */
export async function footerCoveredBy(page: Page): Promise<string[]> {
  await page.locator('.site-footer p').first().waitFor();
  // the page's own data first (no request for half a second; socket.io's websocket aside)
  await page.waitForLoadState('networkidle').catch(() => {});
  return page.evaluate(async () => {
    const frame = () => new Promise((r) => requestAnimationFrame(r));
    const look = () => {
      // the text's own line boxes (a paragraph's box spans the width; its centred words do not)
      const lines = [...document.querySelectorAll('.site-footer p')].flatMap((p) => {
        const range = document.createRange();
        range.selectNodeContents(p);
        return [...range.getClientRects()].map((r) => r.toJSON() as DOMRect);
      });
      const floating = [...document.querySelectorAll('.slip-bar, .ai-fab, .scroll-top, .tabbar')].flatMap(
        (el) => {
          const f = el.getBoundingClientRect();
          const over = lines.some(
            (r) => r.left < f.right && f.left < r.right && r.top < f.bottom && f.top < r.bottom,
          );
          return f.width > 0 && over ? [el.className] : [];
        },
      );
      return { floating, layout: JSON.stringify([document.documentElement.scrollHeight, lines]) };
    };
    // a page still filling in moves its footer: judge the layout once two looks agree (the
    // scroll event's re-render, scroll-to-top showing itself, is painted by then too)
    let last = '';
    for (let i = 0; i < 100; i++) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await frame();
      await frame();
      const seen = look();
      if (seen.layout === last) return seen.floating;
      last = seen.layout;
      // a poll: the condition is a layout unchanged between two looks
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the page did not settle');
  });
}

/** Serious and critical axe-core violations of the current page, as readable lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function waitUntil<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  return eventually(check, timeoutMs, 300).catch(() => {
    throw new Error(`timed out waiting for ${what}`);
  });
}

let counter = 0;
/** A fresh player's registration details. */
export function newcomer() {
  const suffix = `${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  return {
    firstName: 'Ada',
    lastName: 'Obi',
    username: `ada_${suffix}`,
    email: `ada_${suffix}@example.com`,
    password: 'Correct-Horse-42',
  };
}
