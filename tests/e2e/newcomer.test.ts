import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, launchBrowser, newcomer, newPage, type Stack, startStack } from './stack';

// A newcomer's first visit, end to end through the real stack: register, deposit through the
// sandbox checkout in a new tab, a single and a multi from the slip, My Bets, and the settlement
// pushed over the socket while the page stays loaded.
describe('a newcomer registers, deposits, bets and is paid', () => {
  let stack: Stack;
  let browser: Browser;
  let adminToken: string;
  const player = newcomer();
  const tag = player.username.slice(4, 10);
  const games: Array<{ id: string; home: string; away: string }> = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    adminToken = (await stack.login(ADMIN.email, ADMIN.password)).accessToken;
    // Two games of our own, so the test decides when and how they end.
    const kickoff = new Date(Date.now() + 20 * 60_000).toISOString();
    const fixtures = [
      { homeTeam: `Lions ${tag}`, awayTeam: `Tigers ${tag}`, odds: { home: 2, draw: 3.4, away: 3.6 } },
      { homeTeam: `Eagles ${tag}`, awayTeam: `Sharks ${tag}`, odds: { home: 1.5, draw: 4, away: 6 } },
    ];
    for (const f of fixtures) {
      const res = await stack.api(
        'POST',
        '/games',
        { ...f, league: 'E2E Cup', matchDate: kickoff },
        adminToken,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      games.push({ id: res.body.game._id, home: f.homeTeam, away: f.awayTeam });
    }
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  /** The admin ends a game: kick-off now (live), then the result. */
  async function settle(
    game: { id: string; home: string; away: string },
    homeScore: number,
    awayScore: number,
  ) {
    const live = await stack.api(
      'PUT',
      `/games/${game.id}`,
      {
        homeTeam: game.home,
        awayTeam: game.away,
        league: 'E2E Cup',
        matchDate: new Date(Date.now() - 60_000).toISOString(),
        status: 'live',
      },
      adminToken,
    );
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    const result = homeScore > awayScore ? 'A' : homeScore < awayScore ? 'B' : 'Draw';
    const res = await stack.api(
      'PATCH',
      `/games/${game.id}/result`,
      { result, homeScore, awayScore },
      adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });
  const balance = (page: Page) => page.locator('.balance__amount');

  it('goes from registration to a settled multi without reloading the page', async () => {
    const { context, page, errors } = await newPage(browser);

    // 1. registration, from the navigation
    await page.goto(`${stack.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Register' }).click();
    await page.getByLabel('First Name').fill(player.firstName);
    await page.getByLabel('Last Name').fill(player.lastName);
    await page.getByLabel('Username').fill(player.username);
    await page.getByLabel('Email').fill(player.email);
    await page.getByLabel('Password', { exact: true }).fill(player.password);
    await page.getByLabel('Confirm Password').fill(player.password);
    await page.getByRole('checkbox', { name: /18 or older/ }).check();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => toast(page, 'Registration successful! Welcome.').count()).toBe(1);
    await page.waitForURL(`${stack.url}/`);

    // 2. deposit: the payment link opens in a new tab, paid on the sandbox checkout page
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Wallet' }).click();
    await expect.poll(() => balance(page).textContent()).toBe('$0.00');
    // From here on the page must never reload: a marker on window would be lost.
    await page.evaluate(() => ((window as any).__e2eMarker = 'still here'));

    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.getByLabel('Amount (NGN)').fill('30000');
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Proceed to Payment' }).click(),
    ]);
    await checkout.waitForURL(/\/api\/v1\/wallet\/sandbox\/checkout\//);
    await expect.poll(() => checkout.locator('.amount').textContent()).toBe('NGN 30,000.00');
    // the page's own policy lets its inline style apply (the API's would block it)
    expect(await checkout.locator('.badge').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(254, 243, 199)',
    );
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => checkout.locator('h1').textContent()).toBe('Payment complete');
    await checkout.close();
    await page.bringToFront();
    await expect.poll(() => balance(page).textContent(), { timeout: 20_000 }).toBe('$20.00');
    await expect.poll(() => page.locator('tbody .tx__type').count()).toBe(1);
    // the ledger's type in words, not its code ('topup')
    expect(await page.locator('tbody .tx__type').textContent()).toBe('Top-up');

    // 3. a single on the first game (mouse)
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    const [g1, g2] = games;
    // the board's own rows (the AI tips below it may list the same games)
    const board = page.locator('#games');
    await board.getByRole('button', { name: `${g1.home} vs ${g1.away}: Home 2.00` }).click();
    await expect.poll(() => toast(page, 'Selection added to your bet slip!').count()).toBeGreaterThan(0);
    const slip = page.locator('.with-slip__aside');
    await slip.getByRole('button', { name: '+5', exact: true }).click();
    await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('$10.00');
    await slip.getByRole('button', { name: 'Place Bet', exact: true }).click();
    await expect.poll(() => toast(page, /placed/i).count()).toBeGreaterThan(0);
    await expect.poll(() => slip.locator('.slip__count').textContent()).toBe('(0)');

    // 4. a multi on both games, placed from the keyboard
    await board.getByRole('button', { name: `${g1.home} vs ${g1.away}: Home 2.00` }).click();
    await board.getByRole('button', { name: `${g2.home} vs ${g2.away}: Home 1.50` }).click();
    await expect.poll(() => slip.locator('.slip__count').textContent()).toBe('(2)');
    await slip.getByText('Multi', { exact: true }).click();
    await expect.poll(() => slip.locator('.slip__totals dd').first().textContent()).toBe('3.00');
    const stake = slip.getByLabel('Stake ($)');
    await stake.fill('5');
    await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('$15.00');
    const placeMulti = slip.getByRole('button', { name: 'Place Multi Bet' });
    await stake.focus();
    for (let i = 0; i < 12 && !(await placeMulti.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    expect(await placeMulti.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => slip.locator('.slip__count').textContent()).toBe('(0)');

    // 5. My Bets lists both, pending
    await page.getByRole('link', { name: 'My Bets' }).click();
    const rows = page.locator('table.bets tbody tr:not(.skeleton-row)');
    await expect.poll(() => rows.count()).toBe(2);
    await expect
      .poll(() => page.locator('.bets__type').allTextContents())
      .toEqual(expect.arrayContaining(['Single', 'Multi']));
    expect(await page.locator('table.bets .badge').allTextContents()).toEqual(['pending', 'pending']);

    // 6. the first game ends 2-0 while My Bets is open: the single is won, told by a toast
    await settle(g1, 2, 0);
    await expect.poll(() => toast(page, /You won \$10\.00!/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const single = rows.filter({ has: page.locator('.bets__type', { hasText: 'Single' }) });
    await expect.poll(() => single.locator('.badge').textContent(), { timeout: 20_000 }).toBe('won');

    // 7. the second game ends 1-0 while the wallet is open: the multi pays and the balance moves
    await page.getByRole('button', { name: /account menu/ }).click();
    await page.getByRole('link', { name: 'Wallet' }).click();
    await expect.poll(() => balance(page).textContent()).toBe('$20.00');
    await settle(g2, 1, 0);
    await expect.poll(() => toast(page, /You won \$15\.00!/).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => balance(page).textContent(), { timeout: 20_000 }).toBe('$35.00');

    // 8. a withdrawal is held at once; the admin's refusal is pushed and the money comes back
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.getByLabel('Amount ($)').fill('5');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    await expect.poll(() => toast(page, 'Withdrawal request submitted successfully!').count()).toBe(1);
    await expect.poll(() => balance(page).textContent()).toBe('$30.00');
    const pending = await stack.api('GET', '/admin/withdrawals?status=pending', undefined, adminToken);
    const mine = pending.body.find((w: any) => w.user?.username === player.username);
    expect(mine, JSON.stringify(pending.body)).toBeDefined();
    const processed = await stack.api(
      'PATCH',
      `/admin/withdrawals/${mine._id}/process`,
      { status: 'rejected', adminNotes: 'Please verify your account first.' },
      adminToken,
    );
    expect(processed.status, JSON.stringify(processed.body)).toBe(200);
    await expect
      .poll(() => toast(page, /was rejected .* Note: Please verify your account first\./).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expect.poll(() => balance(page).textContent(), { timeout: 20_000 }).toBe('$35.00');

    expect(await page.evaluate(() => (window as any).__e2eMarker)).toBe('still here');
    expect(errors).toEqual([]);
    await context.close();
  });
});
