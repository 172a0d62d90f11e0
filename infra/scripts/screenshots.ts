// `npm run screenshots`: every route of spec 001 §2.1 at desktop (1366 px) and phone (390 px)
// width, in the light and the dark theme, as PNGs in one folder, so the whole product can be
// looked at at once. Starts the platform as `npm start` does (embedded, on a free port, with a
// scratch data folder) and drives the machine's Chromium.
//
//   npm run screenshots                 → ./screenshots/<route>--<width>--<theme>.png
//   SCREENSHOTS_DIR=/tmp/shots npm run screenshots
//   ONLY=wallet,my-bets npm run screenshots   (names as in the list below)
//   SCROLL_END=1 npm run screenshots           (each page scrolled to its end: footers, floating buttons)
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '@bet/kit/testing';
import { chromium, type Page } from 'playwright-core';
import { LOCAL_DEFAULTS, REPO_ROOT, webRoots } from '../src/defaults';

type Who = 'visitor' | 'player' | 'admin';
interface Shot {
  name: string;
  path: string | ((ids: Ids) => string);
  who: Who;
  /** what shows once the page is ready */
  ready?: string;
  /** what to do on the page before the picture (open a dialog) */
  act?: (page: Page) => Promise<void>;
}
interface Ids {
  shareId: string;
  userId: string;
  /** the demo player's sandbox checkout page (a deposit started for the pictures) */
  checkout: string;
}

const ROUTES: Shot[] = [
  { name: 'home', path: '/', who: 'visitor', ready: '.game' },
  { name: 'home-signed-in', path: '/', who: 'player', ready: '.game' },
  { name: 'login', path: '/login', who: 'visitor' },
  { name: 'register', path: '/register', who: 'visitor' },
  // phone sign-up (issue 34 item 4): the number step, and the code step after a text to a fresh number
  {
    name: 'register-phone',
    path: '/register',
    who: 'visitor',
    act: (page) => page.getByRole('button', { name: 'Phone', exact: true }).click(),
  },
  {
    name: 'register-phone-code',
    path: '/register',
    who: 'visitor',
    act: async (page) => {
      await page.getByRole('button', { name: 'Phone', exact: true }).click();
      // a fresh number each time: one code a minute per number
      await page
        .getByLabel('Phone number')
        .fill(`080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`);
      await page.getByLabel('Username').fill(`ph_${randomBytes(4).toString('hex')}`);
      await page.getByRole('checkbox', { name: /18 or older/ }).check();
      await page.getByRole('button', { name: 'Send code' }).click();
      await page.getByLabel('Code').waitFor();
    },
  },
  { name: 'forgot-password', path: '/forgot-password', who: 'visitor' },
  { name: 'reset-password', path: '/reset-password/example-token', who: 'visitor' },
  { name: 'live', path: '/live', who: 'visitor' },
  { name: 'aviator', path: '/aviator', who: 'player' },
  { name: 'promotions', path: '/promotions', who: 'visitor' },
  { name: 'support', path: '/support', who: 'visitor' },
  { name: 'leaderboards', path: '/leaderboards', who: 'visitor' },
  { name: 'shared-slip', path: (ids) => `/slip/${ids.shareId}`, who: 'visitor' },
  { name: 'social-auth-success', path: '/social-auth-success', who: 'visitor' },
  { name: 'profile', path: '/profile', who: 'player' },
  { name: 'wallet', path: '/wallet', who: 'player' },
  { name: 'my-bets', path: '/my-bets', who: 'player' },
  { name: 'settings', path: '/settings', who: 'player' },
  { name: 'assistant', path: '/assistant', who: 'player' },
  { name: 'admin', path: '/admin', who: 'admin' },
  { name: 'admin-users', path: '/admin/users', who: 'admin' },
  { name: 'admin-games', path: '/admin/games', who: 'admin' },
  {
    name: 'admin-game-edit',
    path: '/admin/games',
    who: 'admin',
    act: (page) => page.getByRole('button', { name: 'Edit Game' }).first().click(),
    ready: '[role="dialog"]',
  },
  { name: 'sandbox-checkout', path: (ids) => ids.checkout, who: 'player', ready: 'main' },
  { name: 'admin-withdrawals', path: '/admin/withdrawals', who: 'admin' },
  { name: 'admin-risk', path: '/admin/risk', who: 'admin' },
  { name: 'admin-aviator', path: '/admin/aviator', who: 'admin' },
  { name: 'admin-user-details', path: (ids) => `/admin/users/${ids.userId}`, who: 'admin' },
  { name: 'admin-promotions', path: '/admin/promotions', who: 'admin' },
  { name: 'admin-rankings', path: '/admin/rankings', who: 'admin' },
  // the admin's form dialogs (one FormDialog each)
  {
    name: 'admin-promotion-new',
    path: '/admin/promotions',
    who: 'admin',
    act: (page) => page.getByRole('button', { name: 'Create Promotion' }).first().click(),
    ready: '[role="dialog"]',
  },
  {
    name: 'admin-ranking-edit',
    path: '/admin/rankings',
    who: 'admin',
    act: (page) =>
      page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click(),
    ready: '[role="dialog"]',
  },
  {
    name: 'admin-set-result',
    path: '/admin/games',
    who: 'admin',
    act: (page) => page.getByRole('button', { name: 'Set Result' }).first().click(),
    ready: '[role="dialog"]',
  },
  {
    name: 'admin-adjust-odds',
    path: '/admin/risk',
    who: 'admin',
    act: (page) => page.getByRole('button', { name: 'Adjust Odds' }).first().click(),
    ready: '[role="dialog"]',
  },
  { name: 'not-found', path: '/no-such-page', who: 'visitor' },
  // issue 33: the offers' terms with the player's claims, the admin's rules form, a free bet in the slip
  { name: 'promotions-signed-in', path: '/promotions', who: 'player', ready: '.promo-mine .promo-card' },
  {
    name: 'admin-promotion-rules',
    path: '/admin/promotions',
    who: 'admin',
    act: async (page) => {
      await page.getByRole('button', { name: 'Create Promotion' }).click();
      const form = page.getByRole('dialog');
      await form.getByLabel('Type').selectOption('FreeBet');
      await form.getByLabel('Rules').selectOption('free_bet');
      await form.locator('.terms-preview').scrollIntoViewIfNeeded();
    },
    ready: '[role="dialog"]',
  },
  // last of the player's: it leaves a pick in that browser's slip
  {
    name: 'slip-free-bet',
    path: '/',
    who: 'player',
    act: async (page) => {
      // a home win priced at the token's minimum odds or more (a live favourite may be 1.01)
      const homes = page.locator('.game').getByRole('button', { name: /: Home / });
      await homes.first().waitFor();
      const labels = await homes.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
      const at = labels.findIndex((l) => Number(l.match(/([\d.]+)\s*$/)?.[1]) >= 1.5);
      await homes.nth(Math.max(0, at)).click();
      let slip = page.locator('.with-slip__aside');
      if ((page.viewportSize()?.width ?? 1366) < 600) {
        await page.getByRole('button', { name: 'Bet Slip (1)' }).click();
        slip = page.getByRole('dialog', { name: 'Your Bet Slip' });
      }
      await slip.getByLabel('Use a free bet').selectOption({ index: 1 });
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
      await slip.locator('.slip__totals').first().scrollIntoViewIfNeeded();
    },
    ready: '.slip__freebet',
  },
];
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];
const THEMES = ['light', 'dark'] as const;

// the script's own accounts: passwords chosen here, handed to the platform it starts
const ACCOUNTS = {
  ADMIN_EMAIL: LOCAL_DEFAULTS.ADMIN_EMAIL,
  ADMIN_PASSWORD: `Shots-${randomBytes(9).toString('base64url')}`,
  DEMO_EMAIL: LOCAL_DEFAULTS.DEMO_EMAIL,
  DEMO_PASSWORD: `Shots-${randomBytes(9).toString('base64url')}`,
};

async function startPlatform(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bet-shots-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'infra/src/embedded.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...ACCOUNTS,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      RATE_LIMIT_AUTH_MAX: '100',
    },
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
  return { url: `http://localhost:${port}`, stop };
}

async function main() {
  if (!existsSync(join(webRoots().shell, 'index.html'))) {
    throw new Error('the web bundles are not built: run `npm run build:web` first');
  }
  const outDir = resolve(process.env.SCREENSHOTS_DIR ?? join(REPO_ROOT, 'screenshots'));
  mkdirSync(outDir, { recursive: true });
  const only = process.env.ONLY?.split(',').map((s) => s.trim());
  const platform = await startPlatform();
  const api = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${platform.url}/api/v1${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return (await res.json().catch(() => null)) as any;
  };
  const env = ACCOUNTS;
  const sessions: Record<Exclude<Who, 'visitor'>, any> = {
    player: await api('POST', '/auth/login', { email: env.DEMO_EMAIL, password: env.DEMO_PASSWORD }),
    admin: await api('POST', '/auth/login', { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }),
  };
  // something to show: a bet and a shared slip from the demo player
  const games = (await api('GET', '/games?status=upcoming&limit=3&order=asc'))?.games ?? [];
  let shareId = 'unknown-slip';
  if (games.length >= 2) {
    const selections = games.slice(0, 2).map((g: any) => ({ gameId: g._id, outcome: 'A' }));
    await api('POST', '/bets/multi', { stake: 5, selections }, sessions.player.accessToken);
    shareId = (await api('POST', '/bets/share', { betType: 'multi', selections }))?.shareId ?? shareId;
  }
  if (!sessions.player?.accessToken || !sessions.admin?.accessToken) {
    console.error('sign-in failed', JSON.stringify(sessions).slice(0, 400));
  }
  // issue 33: offers of every claimable kind and an acca bonus; the demo player holds a free bet
  for (const offer of [
    {
      title: 'Free $10 bet',
      description: 'A bet on us this weekend.',
      promoType: 'FreeBet',
      rules: { kind: 'free_bet', amount: 10, minOdds: 1.5, expiresInDays: 7 },
    },
    {
      title: 'Welcome match',
      description: 'We match your first deposit.',
      promoType: 'Bonus',
      rules: {
        kind: 'deposit_match',
        percent: 100,
        cap: 100,
        wagering: 5,
        minOdds: 1.5,
        expiresInDays: 30,
        firstDepositOnly: true,
      },
    },
    {
      title: 'Acca bonus',
      description: 'More on every multi.',
      promoType: 'Bonus',
      rules: {
        kind: 'acca_bonus',
        minOddsPerLeg: 1.2,
        tiers: [
          { legs: 3, percent: 3 },
          { legs: 5, percent: 10 },
          { legs: 10, percent: 25 },
          { legs: 20, percent: 100 },
        ],
      },
    },
  ]) {
    const created = await api('POST', '/promotions', offer, sessions.admin.accessToken);
    if (offer.promoType === 'FreeBet' && created?._id)
      await api('POST', `/promotions/${created._id}/claim`, undefined, sessions.player.accessToken);
  }
  const deposit = await api(
    'POST',
    '/wallet/deposit/initialize',
    { amount: 5000 },
    sessions.player.accessToken,
  );
  const ids: Ids = {
    shareId,
    userId: sessions.player.user?._id ?? '000000000000000000000000',
    checkout: deposit?.paymentLink ? new URL(deposit.paymentLink).pathname : '/no-checkout',
  };

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  let count = 0;
  try {
    for (const who of ['visitor', 'player', 'admin'] as const) {
      for (const theme of THEMES) {
        for (const size of WIDTHS) {
          const context = await browser.newContext({
            viewport: { width: size.width, height: size.height },
            colorScheme: theme,
            isMobile: size.width < 600,
            hasTouch: size.width < 600,
          });
          const page: Page = await context.newPage();
          await page.goto(`${platform.url}/support`);
          await page.evaluate(
            ({ s, theme }) => {
              localStorage.setItem('theme', theme);
              if (s) {
                localStorage.setItem('accessToken', s.accessToken);
                localStorage.setItem('refreshToken', s.refreshToken);
              }
            },
            { s: who === 'visitor' ? null : sessions[who], theme },
          );
          for (const shot of ROUTES.filter((r) => r.who === who && (!only || only.includes(r.name)))) {
            const path = typeof shot.path === 'function' ? shot.path(ids) : shot.path;
            await page.goto(`${platform.url}${path}`);
            await shot.act?.(page);
            await page
              .locator(shot.ready ?? 'main, #root > *')
              .first()
              .waitFor({ timeout: 15_000 })
              .catch(() => {});
            await page.waitForLoadState('networkidle').catch(() => {});
            // recharts draws its lines in over 1.5 s: a shot before that shows a chart half drawn
            await page.waitForTimeout(1_600);
            // SCROLL_END=1: the end of each page instead of its top (footers, floating buttons)
            if (process.env.SCROLL_END)
              await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
            const end = process.env.SCROLL_END ? '--end' : '';
            const file = join(outDir, `${shot.name}--${size.name}--${theme}${end}.png`);
            await page.screenshot({ path: file, fullPage: false });
            count++;
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await platform.stop();
  }
  console.log(`${count} screenshots in ${outDir}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
