import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  animationsDone,
  DEMO,
  launchBrowser,
  newPage,
  type Stack,
  screenshotPath,
  startStack,
} from './stack';

/**
 * Every axe-core violation (any impact, WCAG 2.1 A/AA and best practices) on every route of the
 * site, for a visitor, a player and an admin, in the light and the dark theme. Zero is the
 * number: a new one fails here with the rule and the element.
 */
type Ids = { gameId: string; userId: string };
// A route joining this run with violations still to fix gets `pending: '<what is left>'`: it is
// checked only with A11Y=1 until it is at 0, then `pending` goes. None is pending now.
const ROUTES: Array<{
  who: 'visitor' | 'player' | 'admin';
  path: string | ((ids: Ids) => string);
  ready: string;
  pending?: string;
}> = [
  { who: 'visitor', path: '/', ready: '.game' },
  { who: 'visitor', path: (ids) => `/match/${ids.gameId}`, ready: 'main h1' },
  { who: 'visitor', path: '/live', ready: 'main h1' },
  { who: 'visitor', path: '/aviator', ready: 'main h1' },
  { who: 'visitor', path: '/aviator/fair', ready: 'main h1' },
  { who: 'visitor', path: '/login', ready: 'form' },
  { who: 'visitor', path: '/register', ready: 'form' },
  { who: 'visitor', path: '/forgot-password', ready: 'form' },
  { who: 'visitor', path: '/reset-password/example-token', ready: 'form' },
  { who: 'visitor', path: '/promotions', ready: 'main h1' },
  { who: 'visitor', path: '/terms', ready: 'main h1' },
  { who: 'visitor', path: '/support', ready: 'main h1' },
  { who: 'visitor', path: '/leaderboards', ready: 'main h1' },
  { who: 'visitor', path: '/no-such-page', ready: 'main h1' },
  { who: 'player', path: '/', ready: '.game' },
  { who: 'player', path: '/aviator', ready: 'main h1' },
  { who: 'player', path: '/promotions', ready: 'main h1' },
  { who: 'player', path: '/my-bets', ready: 'table.bets tbody tr:not(.skeleton-row), .empty-state' },
  { who: 'player', path: '/wallet', ready: '.balance__amount' },
  { who: 'player', path: '/profile', ready: 'main h1' },
  { who: 'player', path: '/settings', ready: 'main h1' },
  { who: 'player', path: '/assistant', ready: 'main h1' },
  // the admin's pages title themselves in an h2 under the panel's h1
  { who: 'admin', path: '/admin', ready: 'main h2' },
  { who: 'admin', path: '/admin/users', ready: 'main h2' },
  { who: 'admin', path: (ids) => `/admin/users/${ids.userId}`, ready: 'main h2' },
  { who: 'admin', path: '/admin/games', ready: 'main h2' },
  { who: 'admin', path: '/admin/withdrawals', ready: 'main h2' },
  { who: 'admin', path: '/admin/approvals', ready: 'main h2' },
  { who: 'admin', path: '/admin/risk', ready: 'main h2' },
  { who: 'admin', path: '/admin/aviator', ready: 'main h2' },
  { who: 'admin', path: '/admin/promotions', ready: 'main h2' },
  { who: 'admin', path: '/admin/rankings', ready: 'main h2' },
  { who: 'admin', path: '/admin/audit', ready: 'main h2' },
];

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe's findings on the page as it is, one line a node: rule, impact, element, why. */
async function violations(page: Page, rules?: string[]): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  const result = await (rules ? builder.withRules(rules) : builder).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map(
      (n) => `${v.id} (${v.impact}): ${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1] ?? ''}`,
    ),
  );
}

/**
 * Issue 34 item 8: every route, for each of its audiences, at a desktop and a phone width, in
 * both themes, with 0 violations. One platform and one browser for the whole run, one context
 * per audience and width. A theme changes colours and nothing else (the shell sets
 * `data-theme` on <html>), so each page is loaded once: all of axe's rules in the light theme,
 * then the theme switched in place and the colour rules run again in the dark one.
 */
describe('accessibility: axe over every route in both themes', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  for (const width of [1366, 390]) {
    it(`finds no violation at ${width} px`, async () => {
      const found: string[] = [];
      const games = await stack.api('GET', '/games?limit=1');
      const demo = await stack.login(DEMO.email, DEMO.password);
      const ids: Ids = { gameId: games.body.games[0]._id, userId: demo.user._id };
      for (const who of ['visitor', 'player', 'admin'] as const) {
        const session =
          who === 'player'
            ? await stack.login(DEMO.email, DEMO.password)
            : who === 'admin'
              ? await stack.login(ADMIN.email, ADMIN.password)
              : null;
        const { context, page } = await newPage(browser, {
          viewport: { width, height: 900 },
          isMobile: width < 600,
          hasTouch: width < 600,
        });
        await page.goto(`${stack.url}/support`);
        await page.evaluate((s) => {
          localStorage.setItem('theme', 'light');
          if (s) {
            localStorage.setItem('accessToken', s.accessToken);
            localStorage.setItem('refreshToken', s.refreshToken);
          }
        }, session);
        for (const route of ROUTES.filter((r) => r.who === who && (!r.pending || process.env.A11Y))) {
          const path = typeof route.path === 'string' ? route.path : route.path(ids);
          await page.goto(`${stack.url}${path}`);
          const ready = await page
            .locator(route.ready)
            .first()
            .waitFor({ timeout: 20_000 })
            .then(() => true)
            .catch(() => false);
          if (!ready) {
            found.push(`${who} ${path}: never showed ${route.ready}`);
            continue;
          }
          await page.waitForLoadState('networkidle').catch(() => {});
          await animationsDone(page);
          for (const v of await violations(page)) found.push(`${who} ${path} [light] ${v}`);
          // at once: a colour mid-transition (or one not yet computed under content-visibility,
          // whose transition starts when axe reads it) is neither theme's
          await page.evaluate(() => {
            const still = document.createElement('style');
            still.textContent = '*, *::before, *::after { transition: none !important; }';
            document.head.append(still);
            document.documentElement.dataset.theme = 'dark';
          });
          await animationsDone(page);
          for (const v of await violations(page, ['color-contrast', 'link-in-text-block']))
            found.push(`${who} ${path} [dark] ${v}`);
        }
        await context.close();
      }
      writeFileSync(screenshotPath(`a11y-${width}.txt`), found.join('\n'));
      expect(found).toEqual([]);
    }, 600_000);
  }
});
