import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DEMO,
  footerCoveredBy,
  launchBrowser,
  loginThroughUi,
  newPage,
  REPO_ROOT,
  type Stack,
  screenshotPath,
  seriousViolations,
  startStack,
} from './stack';

// The shell around the pages: guards, the admin remote kept away from players, shared slips,
// the theme, a phone-width layout and accessibility, against one running platform.
describe('site: guards, shared slip, theme, phone layout, accessibility', () => {
  let stack: Stack;
  let browser: Browser;
  let adminToken: string;
  const games: Array<{ id: string; home: string; away: string }> = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    adminToken = (await stack.login(ADMIN.email, ADMIN.password)).accessToken;
    const tag = Date.now().toString(36).slice(-5);
    const kickoff = new Date(Date.now() + 20 * 60_000).toISOString();
    for (const [home, away] of [
      [`Falcons ${tag}`, `Wolves ${tag}`],
      [`Rovers ${tag}`, `Rangers ${tag}`],
    ]) {
      const res = await stack.api(
        'POST',
        '/games',
        {
          homeTeam: home,
          awayTeam: away,
          league: 'E2E Shield',
          matchDate: kickoff,
          odds: { home: 1.8, draw: 3.5, away: 4.2 },
        },
        adminToken,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      games.push({ id: res.body.game._id, home, away });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });
  const odd = (page: Page, g: { home: string; away: string }, label: 'Home' | 'Draw' | 'Away') =>
    page.getByRole('button', { name: new RegExp(`^${g.home} vs ${g.away}: ${label} `) });

  /** A context already signed in (tokens from the API, as the Login page would store them). */
  // One sign-in per account for the whole file: the gateway allows ten auth calls a minute per
  // address, and every test here comes from 127.0.0.1. No test renews these tokens, so the
  // contexts can share them.
  const sessions = new Map<string, ReturnType<Stack['login']>>();
  async function signedIn(email: string, password: string, opts: Parameters<Browser['newContext']>[0] = {}) {
    if (!sessions.has(email)) sessions.set(email, stack.login(email, password));
    const session = await sessions.get(email)!;
    const { context, page, errors } = await newPage(browser, opts);
    await page.goto(`${stack.url}/support`);
    await page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
    }, session);
    return { context, page, errors };
  }

  function remoteRequests(context: BrowserContext) {
    const urls: string[] = [];
    context.on('request', (r) => urls.push(new URL(r.url()).pathname));
    return urls;
  }

  it('sends a visitor to /login and back to the page asked for after signing in', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${stack.url}/my-bets?status=won`);
    await page.waitForURL(`${stack.url}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Login' }).count()).toBe(1);
    await loginThroughUi(page, DEMO.email, DEMO.password);
    await page.waitForURL(`${stack.url}/my-bets?status=won`);
    await expect.poll(() => page.getByRole('heading', { name: 'My Bets' }).count()).toBe(1);
    await expect.poll(() => toast(page, 'Logged in successfully!').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('renews a stale access token once with the refresh token, and ends a dead session with the message', async () => {
    const session = await stack.login(DEMO.email, DEMO.password);
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${stack.url}/support`);
    const store = (access: string, refresh: string) =>
      page.evaluate(
        ([a, r]) => {
          localStorage.setItem('accessToken', a);
          localStorage.setItem('refreshToken', r);
        },
        [access, refresh],
      );
    const tokens = () =>
      page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);

    // an access token the gateway refuses, a good refresh token: the page renews and carries on
    await store('stale.access.token', session.refreshToken);
    await page.goto(`${stack.url}/wallet`);
    await expect.poll(() => page.locator('.balance__amount').count()).toBe(1);
    expect(page.url()).toBe(`${stack.url}/wallet`);
    const [access, refresh] = await tokens();
    expect(access).not.toBe('stale.access.token');
    expect(access!.split('.')).toHaveLength(3);
    expect(refresh).not.toBe(session.refreshToken); // rotated
    expect(await toast(page, 'Your session has expired').count()).toBe(0);

    // the refresh token already used once is refused: the session ends, with the spec's message
    await store('stale.access.token', session.refreshToken);
    await page.goto(`${stack.url}/wallet`);
    await page.waitForURL(`${stack.url}/login`);
    await expect.poll(() => toast(page, 'Your session has expired. Please log in again.').count()).toBe(1);
    expect(await tokens()).toEqual([null, null]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a player out of /admin without ever fetching the admin remote', async () => {
    const { context, page, errors } = await signedIn(DEMO.email, DEMO.password);
    const requested = remoteRequests(context);
    await page.goto(`${stack.url}/admin/users`);
    await page.waitForURL(`${stack.url}/`);
    await expect.poll(() => page.locator('.game').count()).toBeGreaterThan(0);
    // the profile menu offers no Admin Panel either
    await page.getByRole('button', { name: /account menu/ }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Wallet' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    expect(requested).toContain('/remotes/player/remoteEntry.js');
    expect(requested.filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets an admin through the admin guard after signing in, loading the admin remote then', async () => {
    const { context, page, errors } = await newPage(browser);
    const requested = remoteRequests(context);
    await page.goto(`${stack.url}/admin/games`);
    await page.waitForURL(`${stack.url}/login`);
    expect(requested.filter((p) => p.startsWith('/remotes/admin/'))).toEqual([]);
    await loginThroughUi(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(`${stack.url}/admin/games`);
    await expect.poll(() => page.getByRole('heading', { name: 'Admin Panel' }).count()).toBe(1);
    expect(await page.locator('.admin__username').textContent()).toBe('admin');
    expect(requested).toContain('/remotes/admin/remoteEntry.js');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a shared slip in another browser and adds it with Add to My Bet Slip', async () => {
    const sharer = await signedIn(DEMO.email, DEMO.password, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = sharer.page;
    await page.goto(`${stack.url}/`);
    const [g1, g2] = games;
    await odd(page, g1, 'Home').click();
    await odd(page, g2, 'Away').click();
    const slip = page.locator('.with-slip__aside');
    await expect.poll(() => slip.locator('.slip__count').textContent()).toBe('(2)');
    await slip.getByText('Multi', { exact: true }).click();
    await slip.getByRole('button', { name: 'Share Slip' }).click();
    await expect.poll(() => toast(page, 'Share link copied to clipboard!').count()).toBe(1);
    const shareUrl = await page.evaluate(() => navigator.clipboard.readText());

    // a price change reaches the slip of a signed-in player while the page stays open
    const adjusted = await stack.api(
      'PATCH',
      `/admin/games/${g1.id}/adjust-odds`,
      { home: 1.95, draw: 3.5, away: 4.2 },
      adminToken,
    );
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    const g1Item = slip.locator('.slip__item', { hasText: `${g1.home} vs ${g1.away}` });
    await expect.poll(() => g1Item.locator('.slip__odds').textContent(), { timeout: 15_000 }).toBe('1.95');
    await expect.poll(() => odd(page, g1, 'Home').textContent()).toContain('1.95');
    // multi: 1.95 × 4.20
    await expect.poll(() => slip.locator('.slip__totals dd').first().textContent()).toBe('8.19');
    expect(shareUrl).toMatch(new RegExp(`^${stack.url}/slip/[^/]+$`));

    // betting learns the new price from its own copy of the event: wait until the shared slip has it
    const shareId = shareUrl.split('/').pop();
    await expect
      .poll(async () => (await stack.api('GET', `/bets/share/${shareId}`)).body?.slip?.selections?.[0]?.odds)
      .toBe(1.95);

    // someone else, not signed in, in a browser of their own
    const friend = await newPage(browser);
    await friend.page.goto(shareUrl);
    await expect.poll(() => friend.page.getByRole('heading', { name: 'Shared Bet Slip' }).count()).toBe(1);
    const items = friend.page.locator('.shared-list__item');
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.allTextContents()).toEqual([
      expect.stringContaining(`${g1.home} to win @ 1.95`),
      expect.stringContaining(`${g2.away} to win @ 4.20`),
    ]);
    expect(await items.locator('.shared-list__match').allTextContents()).toEqual([
      `${g1.home} vs ${g1.away}`,
      `${g2.home} vs ${g2.away}`,
    ]);
    await friend.page.getByRole('button', { name: 'Add to My Bet Slip' }).click();
    await expect.poll(() => toast(friend.page, 'Selections added to your bet slip!').count()).toBe(1);
    await friend.page.waitForURL(`${stack.url}/`);
    const friendSlip = friend.page.locator('.with-slip__aside');
    await expect.poll(() => friendSlip.locator('.slip__count').textContent()).toBe('(2)');
    expect(await friendSlip.getByRole('radio', { name: 'Multi' }).isChecked()).toBe(true);
    expect(await odd(friend.page, g1, 'Home').getAttribute('aria-pressed')).toBe('true');
    expect(await odd(friend.page, g2, 'Away').getAttribute('aria-pressed')).toBe('true');
    // the slip survives a reload
    await friend.page.reload();
    await expect.poll(() => friend.page.locator('.with-slip__aside .slip__count').textContent()).toBe('(2)');

    expect([...sharer.errors, ...friend.errors]).toEqual([]);
    await sharer.context.close();
    await friend.context.close();
  });

  it("fetches everything Home's first screen needs at once: each script and stylesheet before the first price was preloaded by the page", async () => {
    const { context, page, errors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    const fetched: string[] = [];
    let priced = false;
    context.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (!priced && /\.(js|css)$/.test(path)) fetched.push(path);
    });
    await page.goto(`${stack.url}/`);
    await page.locator('.odd .odd__price').first().waitFor();
    priced = true;
    const preloaded = await page.$$eval('link[rel=preload]', (links) =>
      links.map((l) => new URL((l as HTMLLinkElement).href).pathname),
    );
    const entry = await page.$$eval('script[src]', (s) =>
      s.map((e) => new URL((e as HTMLScriptElement).src).pathname),
    );
    // the page's own entry script is in the HTML; every other file was asked for at once
    const late = fetched.filter((f) => !preloaded.includes(f) && !entry.includes(f));
    expect(late, `fetched before the first price without a preload: ${late.join(', ')}`).toEqual([]);
    expect(fetched.some((f) => f.startsWith('/remotes/player/home.'))).toBe(true);
    // the AI text renderer (react-markdown) is not part of the board's first screen
    const player = JSON.parse(readFileSync(join(REPO_ROOT, 'web-player/dist/chunk-groups.json'), 'utf8')) as {
      groups: Record<string, string[]>;
    };
    const markdown = player.groups['ai-markdown'] ?? [];
    expect(markdown.length).toBeGreaterThan(0);
    expect(fetched.filter((f) => markdown.includes(f))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows 404 for an unknown path and a clear message when the player remote cannot load', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${stack.url}/no/such/page`);
    await expect.poll(() => page.getByRole('heading', { name: '404 - Page Not Found' }).count()).toBe(1);

    await page.route('**/remotes/player/remoteEntry.js', (route) => route.abort('connectionfailed'));
    await page.goto(`${stack.url}/live`);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: "We couldn't load the betting pages" }).count())
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Reload page' }).count()).toBe(1);
    await context.close();
  });

  it('follows the system theme, toggles it and keeps the choice across a reload', async () => {
    const { context, page } = await newPage(browser, { colorScheme: 'dark' });
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme);
    await page.goto(`${stack.url}/`);
    expect(await theme()).toBe('dark');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const darkBackground = await background();

    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await theme()).toBe('light');
    expect(await background()).not.toBe(darkBackground);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    expect(await theme()).toBe('light');
    await expect.poll(() => page.getByRole('button', { name: 'Switch to dark theme' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await theme()).toBe('dark');
    await page.reload();
    expect(await theme()).toBe('dark');
    expect(await background()).toBe(darkBackground);
    await context.close();
  });

  it('fits a 375-pixel phone: Home and the slip without horizontal scrolling', async () => {
    const { context, page, errors } = await newPage(browser, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
    const overflow = () =>
      page.evaluate(() => ({
        scrollWidth: document.scrollingElement!.scrollWidth,
        innerWidth: window.innerWidth,
      }));
    await page.goto(`${stack.url}/`);
    await expect.poll(() => page.locator('.game').count()).toBeGreaterThan(2);
    const home = await overflow();
    expect(home.scrollWidth).toBeLessThanOrEqual(home.innerWidth);
    // a visitor's slip bar floats over no line of the footer
    expect(await footerCoveredBy(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: screenshotPath('home-375.png') });
    await page.screenshot({ path: screenshotPath('home-375-full.png'), fullPage: true });

    const [g1, g2] = games;
    await odd(page, g1, 'Draw').click();
    await odd(page, g2, 'Home').click();
    await page.getByRole('button', { name: 'Bet Slip (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Bet Slip' });
    await expect.poll(() => dialog.count()).toBe(1);
    await dialog.getByRole('button', { name: '+10', exact: true }).click();
    await expect.poll(() => dialog.locator('.slip__payout').textContent()).not.toBe('$0.00');
    const slip = await overflow();
    expect(slip.scrollWidth).toBeLessThanOrEqual(slip.innerWidth);
    // the picture without the 'added' toasts over the dialog's title
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.screenshot({ path: screenshotPath('slip-375.png') });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, a signed-in player gets one header menu at a time and Wallet and My Bets fit', async () => {
    const { context, page, errors } = await signedIn(DEMO.email, DEMO.password, {
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${stack.url}/`);
    const links = page.getByRole('button', { name: 'Menu', exact: true });
    const account = page.getByRole('button', { name: /account menu/ });
    // the header's menu (the tab bar at the bottom has a My Bets link of its own)
    const menuLink = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name });
    await links.click();
    await expect.poll(() => menuLink('My Bets').isVisible()).toBe(true);
    await account.click();
    await expect.poll(() => menuLink('Wallet').isVisible()).toBe(true);
    expect(await links.getAttribute('aria-expanded')).toBe('false');
    expect(await menuLink('My Bets').isVisible()).toBe(false);
    await links.click();
    expect(await account.getAttribute('aria-expanded')).toBe('false');
    await menuLink('My Bets').click();
    await page.waitForURL(`${stack.url}/my-bets`);

    for (const [path, ready] of [
      ['/my-bets', '.empty-state, table.bets tbody tr:not(.skeleton-row)'],
      ['/wallet', '.balance__amount'],
    ]) {
      if (path !== '/my-bets') await page.goto(`${stack.url}${path}`);
      await page.locator(ready).first().waitFor();
      const width = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
      expect(width[0], path).toBeLessThanOrEqual(width[1]);
    }
    // the three totals share one row, and each fits its card
    await page.locator('.wallet__summary .summary__amount').first().waitFor();
    const totals = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.wallet__summary .card')].map((c) => ({
        top: Math.round(c.getBoundingClientRect().top),
        overflows: c.scrollWidth > c.clientWidth,
      })),
    );
    expect(totals).toHaveLength(3);
    expect(new Set(totals.map((t) => t.top)).size).toBe(1);
    expect(totals.filter((t) => t.overflows)).toEqual([]);
    // each transaction is one compact entry: its type and amount on the same line
    await page.locator('.txs tbody tr').first().waitFor();
    const entries = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('.txs tbody tr:not(.table__group)')].map((tr) => {
        const top = (label: string) =>
          Math.round(tr.querySelector(`td[data-label="${label}"]`)!.getBoundingClientRect().top);
        return { sameLine: top('Type') === top('Amount'), height: tr.getBoundingClientRect().height };
      }),
    );
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.filter((e) => !e.sameLine || e.height > 100)).toEqual([]);
    // under the heading of their day
    expect(await page.locator('.txs tbody tr.table__group').first().textContent()).toMatch(
      /^(Today|Yesterday)$/,
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe violations on Home, Login, Wallet and My Bets in both themes', async () => {
    const visitor = await newPage(browser);
    const player = await signedIn(DEMO.email, DEMO.password);
    await visitor.page.goto(`${stack.url}/support`);
    const pages: Array<{ page: Page; path: string; ready: (p: Page) => Promise<unknown> }> = [
      { page: visitor.page, path: '/', ready: (p) => p.locator('.game').first().waitFor() },
      {
        page: visitor.page,
        path: '/login',
        ready: (p) => p.getByRole('heading', { name: 'Login' }).waitFor(),
      },
      { page: player.page, path: '/wallet', ready: (p) => p.locator('.balance__amount').waitFor() },
      {
        page: player.page,
        path: '/my-bets',
        ready: (p) => p.locator('table.bets tbody tr:not(.skeleton-row), .empty-state').first().waitFor(),
      },
    ];
    const found: string[] = [];
    for (const theme of ['light', 'dark']) {
      for (const { page, path, ready } of pages) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto(`${stack.url}${path}`);
        await ready(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        for (const v of await seriousViolations(page)) found.push(`${path} [${theme}] ${v}`);
      }
    }
    expect(found).toEqual([]);
    expect([...visitor.errors, ...player.errors]).toEqual([]);
    await visitor.context.close();
    await player.context.close();
  });
});
