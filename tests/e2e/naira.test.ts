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

// Money in naira where the operator chooses it (issue 34 item 3): a platform started with
// CURRENCY=NGN shows every amount in ₦, the player's and the admin's, at a phone's and a
// desktop's width, in both themes.
describe('a naira deployment (CURRENCY=NGN)', () => {
  let stack: Stack;
  let browser: Browser;
  let player: { accessToken: string; refreshToken: string; user: any };
  let admin: { accessToken: string; refreshToken: string };
  const tag = Date.now().toString(36).slice(-5);
  const game = { home: `Kano ${tag}`, away: `Enugu ${tag}` };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ CURRENCY: 'NGN' }), launchBrowser()]);
    admin = await stack.login(ADMIN.email, ADMIN.password);
    const res = await stack.api(
      'POST',
      '/games',
      {
        homeTeam: game.home,
        awayTeam: game.away,
        league: `E2E Naira ${tag}`,
        matchDate: new Date(Date.now() + 30 * 60_000).toISOString(),
        odds: { home: 2, draw: 3.2, away: 3.8 },
      },
      admin.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // the demo player's opening balance, in naira
    player = await stack.login(DEMO.email, DEMO.password);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('GET /wallet names the currency', async () => {
    const wallet = await stack.api('GET', '/wallet', undefined, player.accessToken);
    expect(wallet.body).toMatchObject({ walletBalance: 1_000_000, currency: 'NGN' });
  });

  async function pageAs(
    who: { accessToken: string; refreshToken: string },
    width: number,
    theme: 'light' | 'dark',
  ) {
    const ctx = await newPage(browser, {
      viewport: { width, height: width < 600 ? 844 : 900 },
      isMobile: width < 600,
      hasTouch: width < 600,
    });
    await ctx.page.goto(`${stack.url}/support`);
    await ctx.page.evaluate(
      ({ s, theme }) => {
        localStorage.setItem('theme', theme);
        localStorage.setItem('accessToken', s.accessToken);
        localStorage.setItem('refreshToken', s.refreshToken);
      },
      { s: who, theme },
    );
    return ctx;
  }
  const shot = async (page: Page, name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath(name) });
  };
  /** a dollar amount anywhere in the page's text: none may show in a naira deployment */
  const dollars = (page: Page) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, not hidden nodes
    page.evaluate(() => document.body.innerText.match(/\$\s?\d[\d,.]*/g) ?? []);

  for (const width of [1366, 390]) {
    for (const theme of ['light', 'dark'] as const) {
      it(`shows naira on Home, the slip, the deposit presets and an admin screen at ${width} px (${theme})`, async () => {
        const { context, page, errors } = await pageAs(player, width, theme);
        await page.goto(`${stack.url}/`);
        await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('₦1,000,000.00');
        // the longer figure still fits the header: nothing in it runs past the screen's edge
        const overflow = await page.evaluate(() =>
          [...document.querySelectorAll('.nav *')]
            .filter((e) => e.getBoundingClientRect().width > 0)
            .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
            .map((e) => e.className || e.tagName),
        );
        expect(overflow).toEqual([]);

        // the slip: stake label, quick stakes and the payout in naira
        await page.getByLabel('Search teams').fill(game.home);
        await page.getByRole('button', { name: new RegExp(`^${game.home} vs ${game.away}: Home `) }).click();
        let slip = page.locator('.with-slip__aside');
        if (width < 600) {
          await page.getByRole('button', { name: 'Bet Slip (1)' }).click();
          slip = page.getByRole('dialog', { name: 'Your Bet Slip' });
        }
        await slip.getByLabel('Stake per bet (₦)').waitFor();
        await slip.getByRole('button', { name: '+1,000', exact: true }).click();
        await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('₦2,000.00');
        await shot(page, `naira-slip-${width}-${theme}.png`);
        if (width < 600) await page.keyboard.press('Escape');
        expect(await dollars(page)).toEqual([]);

        // the wallet: deposit presets in naira, credited as paid (no dollar line)
        await page.goto(`${stack.url}/wallet`);
        await page.getByRole('button', { name: 'Deposit', exact: true }).click();
        const presets = page.locator('.deposit-preset strong');
        await expect
          .poll(() => presets.allTextContents())
          .toEqual(['₦1,000', '₦5,000', '₦10,000', '₦50,000']);
        expect(await page.locator('.deposit-preset', { hasText: 'credits' }).count()).toBe(0);
        await shot(page, `naira-deposit-${width}-${theme}.png`);
        expect(await dollars(page)).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();

        // an admin screen: the player's wallet in naira
        const a = await pageAs(admin, width, theme);
        await a.page.goto(`${stack.url}/admin/users/${player.user._id}`);
        await expect.poll(() => a.page.getByText('₦1,000,000.00').count()).toBeGreaterThan(0);
        await shot(a.page, `naira-admin-user-${width}-${theme}.png`);
        expect(await dollars(a.page)).toEqual([]);
        expect(a.errors).toEqual([]);
        await a.context.close();
      }, 180_000);
    }
  }
});
