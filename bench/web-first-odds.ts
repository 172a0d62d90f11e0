/**
 * Time to first odds on Home on a slow phone: from the start of navigation to the first price
 * button on the board, in a cold browser (fresh profile, empty cache) over an emulated
 * 1.6 Mbps / 150 ms link (Chrome DevTools' "Slow 4G"-like profile), then again with the CPU
 * slowed four times. Also prints what the page moved over the wire.
 *
 *   node --import tsx bench/web-first-odds.ts [--runs 3] [--url http://localhost:8080]
 *
 * Without `--url` it starts the platform as `npm start` does (embedded, free port, scratch data
 * folder; needs `npm run build:web` first). Chromium at /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { freePort } from '@bet/kit/testing';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    url: { type: 'string' },
    width: { type: 'string', default: '390' },
    list: { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs));
const repo = resolve(import.meta.dirname, '..');

const LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const PROFILES = [
  { name: '1.6 Mbps / 150 ms', cpu: 1 },
  { name: '1.6 Mbps / 150 ms, CPU 4x slower', cpu: 4 },
];

async function startPlatform(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bet-first-odds-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/src/embedded.ts'], {
    cwd: repo,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const until = Date.now() + 180_000;
  while (!output.includes('is running')) {
    if (child.exitCode !== null || Date.now() > until) {
      await stop();
      throw new Error(`the platform did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url: `http://127.0.0.1:${port}`, stop };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const platform = args.url
    ? { url: args.url.replace(/\/+$/, ''), stop: async () => {} }
    : await startPlatform();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    // one warm-up load so the server's own first-request costs are not measured
    const warm = await browser.newPage();
    await warm.goto(`${platform.url}/`);
    await warm.locator('.odd').first().waitFor({ timeout: 60_000 });
    await warm.close();

    const width = Number(args.width);
    console.log(`first odds on Home at ${width} px, cold cache, median of ${RUNS} (each run listed)`);
    for (const profile of PROFILES) {
      const times: number[] = [];
      const bytes: number[] = [];
      const api: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const context = await browser.newContext({
          viewport: { width, height: 844 },
          isMobile: width < 600,
          hasTouch: width < 600,
        });
        const page = await context.newPage();
        // the moment the first price button is in the document, on the page's own clock
        // (a string: the bundler's name helpers would not exist in the page)
        await page.addInitScript(`
          new MutationObserver(() => {
            if (window.__firstOdds === undefined && document.querySelector('.odd .odd__price'))
              window.__firstOdds = performance.now();
          }).observe(document, { childList: true, subtree: true });
        `);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
        let moved = 0;
        let apiMoved = 0;
        const urls = new Map<string, string>();
        const started = new Map<string, number>();
        const log: string[] = [];
        let t0 = 0;
        cdp.on('Network.requestWillBeSent', (e: any) => {
          if (!t0) t0 = e.timestamp;
          started.set(e.requestId, e.timestamp);
        });
        cdp.on('Network.responseReceived', (e: any) => urls.set(e.requestId, e.response.url));
        cdp.on('Network.loadingFinished', (e: any) => {
          moved += e.encodedDataLength;
          const url = urls.get(e.requestId) ?? '';
          if (url.includes('/api/')) apiMoved += e.encodedDataLength;
          const at = (t: number | undefined) => Math.round(((t ?? t0) - t0) * 1000);
          log.push(
            `${String(at(started.get(e.requestId))).padStart(6)} → ${String(at(e.timestamp)).padStart(6)} ms ${String(Math.round(e.encodedDataLength / 1024)).padStart(4)} KiB ${url.replace(platform.url, '')}`,
          );
        });
        await page.goto(`${platform.url}/`);
        await page.waitForFunction(() => (window as any).__firstOdds !== undefined, undefined, {
          timeout: 120_000,
          polling: 100,
        });
        times.push(await page.evaluate(() => (window as any).__firstOdds as number));
        await page.waitForLoadState('networkidle').catch(() => {});
        bytes.push(moved);
        if (args.list && i === 0) console.log(log.sort().join('\n'));
        api.push(apiMoved);
        await context.close();
      }
      const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
      console.log(
        `${profile.name.padEnd(34)} first odds ${s(median(times))}  (${times.map(s).join(', ')})` +
          `  moved ${Math.round(median(bytes) / 1024)} KiB, API ${Math.round(median(api) / 1024)} KiB`,
      );
    }
  } finally {
    await browser.close();
    await platform.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
