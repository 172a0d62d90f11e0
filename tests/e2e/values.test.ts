import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DEMO, launchBrowser, newPage, type Stack, startStack } from './stack';

/**
 * Issue 34 item 6, "live values stay true", on a desktop and on a phone: the wallet's history
 * follows a withdrawal's approval pushed to the player, and the slip's payout is the receipt's to
 * the cent (prices whose product has more than two decimals, rounded down as the server
 * strikes the bet). The Cash Out button following the offer is in live.test.ts (it needs a
 * match in play).
 */
describe('live values stay true', () => {
  let stack: Stack;
  let browser: Browser;
  let adminToken: string;
  let player: { accessToken: string; refreshToken: string };
  const tag = Date.now().toString(36).slice(-5);

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    adminToken = (await stack.login(ADMIN.email, ADMIN.password)).accessToken;
    player = await stack.login(DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function signedIn(width: number) {
    const ctx = await newPage(browser, {
      viewport: { width, height: 900 },
      isMobile: width < 600,
      hasTouch: width < 600,
    });
    await ctx.page.goto(`${stack.url}/support`);
    await ctx.page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
    }, player);
    return ctx;
  }

  it('changes the withdrawal badge on withdrawal_processed, without a reload, at 1366 and 390 px', async () => {
    // the player's own money pays a withdrawal one admin can approve (issue 30): a card deposit
    const balance = async () =>
      (await stack.api('GET', '/wallet', undefined, player.accessToken)).body.walletBalance;
    const before = await balance();
    const deposit = await stack.api(
      'POST',
      '/wallet/deposit/initialize',
      { amount: 75_000 },
      player.accessToken,
    );
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);
    await stack.api('POST', `/wallet/sandbox/checkout/${deposit.body.reference}/pay`);
    await expect.poll(balance, { timeout: 20_000 }).toBeGreaterThan(before);

    for (const [width, amount] of [
      [1366, 3],
      [390, 4],
    ]) {
      const { context, page, errors } = await signedIn(width);
      const req = await stack.api('POST', '/wallet/request-withdrawal', { amount }, player.accessToken);
      expect(req.status, JSON.stringify(req.body)).toBeLessThan(300);
      await page.goto(`${stack.url}/wallet`);
      const row = page.locator('.txs tr', { hasText: `$${amount}.00` }).first();
      await expect
        .poll(() => row.locator('.tx__status').textContent(), { timeout: 20_000 })
        .toBe('Pending review');
      await page.evaluate(() => ((window as any).__e2eMarker = 'still here'));
      const done = await stack.api(
        'PATCH',
        `/admin/withdrawals/${req.body.withdrawal._id}/process`,
        { status: 'approved' },
        adminToken,
      );
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      await expect.poll(() => row.locator('.tx__status').textContent(), { timeout: 20_000 }).toBe('Approved');
      expect(await page.evaluate(() => (window as any).__e2eMarker)).toBe('still here');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  async function createGame(home: string, away: string, odds: { home: number; draw: number; away: number }) {
    const res = await stack.api(
      'POST',
      '/games',
      {
        homeTeam: home,
        awayTeam: away,
        league: `E2E Cents ${tag}`,
        matchDate: new Date(Date.now() + 40 * 60_000).toISOString(),
        odds,
      },
      adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { home, away };
  }
  const odd = (page: Page, g: { home: string; away: string }, label: 'Home' | 'Draw' | 'Away') =>
    page.getByRole('button', { name: new RegExp(`^${g.home} vs ${g.away}: ${label} `) });

  it("shows on the slip the receipt's payout to the cent, at 1366 and 390 px", async () => {
    // 1.85 × 2.15 = 3.9775: a stake of $10 pays $39.77 (the cent is rounded down), total odds 3.97
    const g1 = await createGame(`Kaduna ${tag}`, `Jos ${tag}`, { home: 1.85, draw: 3.1, away: 4.2 });
    const g2 = await createGame(`Ibadan ${tag}`, `Ilorin ${tag}`, { home: 2.15, draw: 3.3, away: 3.4 });
    for (const width of [1366, 390]) {
      const { context, page, errors } = await signedIn(width);
      await page.goto(`${stack.url}/`);
      // both games, whatever else the simulator scheduled: their team names share the tag
      await page.getByLabel('Search teams').fill(tag);
      await odd(page, g1, 'Home').click();
      await odd(page, g2, 'Home').click();
      const phone = width < 600;
      const slip = phone
        ? page.getByRole('dialog', { name: 'Your Bet Slip' })
        : page.locator('.with-slip__aside');
      if (phone) await page.getByRole('button', { name: 'Bet Slip (2)' }).click();
      await slip.getByText('Multi', { exact: true }).click();
      await slip.getByLabel('Stake ($)').fill('10');
      await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('$39.77');
      expect(await slip.locator('.slip__totals').textContent()).toContain('Total Odds3.97');
      await slip.getByRole('button', { name: 'Place Multi Bet' }).click();
      const receipt = slip.locator('.receipt');
      await receipt.waitFor();
      expect(await receipt.locator('.receipt__payout').textContent()).toBe('$39.77');
      expect(await receipt.locator('.receipt__totals').textContent()).toContain('Total Odds3.97');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
