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

// The player's sportsbook as a bettor uses it: the whole calendar behind "Load more", the
// balance in the header moving without a reload, the receipt, booking codes typed into a
// second browser, and the phone's bottom-sheet slip.
describe('player experience: board, balance, receipt, booking codes, phone slip', () => {
  let stack: Stack;
  let browser: Browser;
  let adminToken: string;
  let player: { accessToken: string; refreshToken: string };
  const tag = Date.now().toString(36).slice(-5);
  const late: Array<{ id: string; home: string; away: string }> = [];
  const near: Array<{ id: string; home: string; away: string }> = [];

  async function createGame(home: string, away: string, kickoff: Date, league: string) {
    const res = await stack.api(
      'POST',
      '/games',
      {
        homeTeam: home,
        awayTeam: away,
        league,
        matchDate: kickoff.toISOString(),
        odds: { home: 2, draw: 3.2, away: 3.8 },
      },
      adminToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return { id: res.body.game._id as string, home, away };
  }

  beforeAll(async () => {
    // 140 games are created through the API from one address: above the default per-minute limit
    [stack, browser] = await Promise.all([startStack({ RATE_LIMIT_MAX: '5000' }), launchBrowser()]);
    adminToken = (await stack.login(ADMIN.email, ADMIN.password)).accessToken;
    // 40 games after everything else on the calendar, and 100 more before them so the 40 are
    // never on the first page whatever the simulator schedules
    const base = Date.now() + 30 * 86_400_000;
    for (let batch = 0; batch < 100; batch += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => {
          const i = batch + j;
          return createGame(
            `Filler ${tag} ${i}`,
            `Rival ${tag} ${i}`,
            new Date(base + i * 60_000),
            `E2E Filler ${tag}`,
          );
        }),
      );
    }
    for (let i = 0; i < 40; i++) {
      late.push(
        await createGame(
          `Late ${tag} ${i}`,
          `Away ${tag} ${i}`,
          new Date(base + 86_400_000 + i * 60_000),
          `E2E Late ${tag}`,
        ),
      );
    }
    for (const [h, a] of [
      [`Kano ${tag}`, `Enugu ${tag}`],
      [`Lagos ${tag}`, `Abuja ${tag}`],
    ]) {
      near.push(await createGame(h, a, new Date(Date.now() + 30 * 60_000), `E2E Near ${tag}`));
    }
    // the demo player starts with $1,000 on a fresh platform
    player = await stack.login(DEMO.email, DEMO.password);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function signedInPage(opts: Parameters<Browser['newContext']>[0] = {}) {
    const ctx = await newPage(browser, opts);
    await ctx.page.goto(`${stack.url}/support`);
    await ctx.page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
    }, player);
    return ctx;
  }
  const odd = (page: Page, g: { home: string; away: string }, label: 'Home' | 'Draw' | 'Away') =>
    page.getByRole('button', { name: new RegExp(`^${g.home} vs ${g.away}: ${label} `) });
  const headerBalance = (page: Page) => page.getByTestId('header-balance');

  it('reaches the 40 games at the end of the calendar with Load more', async () => {
    const { context, page, errors } = await newPage(browser);
    await page.goto(`${stack.url}/`);
    await page.locator('.game').first().waitFor();
    const lateRows = page.locator('.game', { hasText: `Late ${tag} ` });
    expect(await lateRows.count()).toBe(0);
    const more = page.getByRole('button', { name: 'Load more matches' });
    for (let i = 0; i < 10 && (await lateRows.count()) < 40; i++) {
      await more.scrollIntoViewIfNeeded();
      await more.click();
      await expect.poll(() => more.isDisabled().catch(() => false)).toBe(false);
    }
    await expect.poll(() => lateRows.count()).toBe(40);
    // the last one can be bet on from the board
    await lateRows.last().scrollIntoViewIfNeeded();
    await odd(page, late[39], 'Home').click();
    await expect.poll(() => page.locator('.with-slip__aside .slip__count').textContent()).toBe('(1)');
    // a team search goes to the server and finds one game out of the whole calendar
    await page.getByLabel('Search teams').fill(`Late ${tag} 39`);
    await expect.poll(() => page.locator('.game').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('places a multi: inline warnings, the receipt, and the header balance moving without a reload', async () => {
    const { context, page, errors } = await signedInPage();
    await page.goto(`${stack.url}/`);
    await expect.poll(() => headerBalance(page).textContent()).toBe('$1,000.00');
    await page.evaluate(() => ((window as any).__e2eMarker = 'still here'));
    const [g1, g2] = near;
    await odd(page, g1, 'Home').click();
    await odd(page, g2, 'Home').click();
    // one toast at a time, whatever the number of clicks
    expect(await page.locator('[data-sonner-toast]').count()).toBeLessThanOrEqual(1);
    const slip = page.locator('.with-slip__aside');
    await slip.getByText('Multi', { exact: true }).click();
    await expect.poll(() => slip.locator('.slip__balance').textContent()).toBe('Balance $1,000.00');
    const stake = slip.getByLabel('Stake ($)');
    await stake.fill('1500');
    await expect
      .poll(() => slip.getByRole('alert').first().textContent())
      .toContain('Insufficient balance: this slip needs $1,500.00, you have $1,000.00.');
    expect(await slip.getByRole('button', { name: 'Place Multi Bet' }).isDisabled()).toBe(true);
    await stake.fill('20000');
    await expect
      .poll(() => slip.getByRole('alert').first().textContent())
      .toContain('The maximum stake per bet is $10,000.00.');
    await stake.fill('10');
    await expect.poll(() => slip.getByRole('alert').count()).toBe(0);
    await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('$40.00');
    await slip.getByRole('button', { name: 'Place Multi Bet' }).click();

    // the receipt: bet id, the picks at their prices, stake, odds and payout
    const receipt = slip.locator('.receipt');
    await receipt.waitFor();
    const { body } = await stack.api('GET', '/bets?limit=1', undefined, player.accessToken);
    const bet = body.bets[0];
    expect(await receipt.locator('.receipt__title').textContent()).toBe('Bet placed');
    expect(await receipt.locator('.receipt__id').textContent()).toBe(`#${bet._id.slice(-8).toUpperCase()}`);
    expect(await receipt.textContent()).toContain(`${g1.home} to win2.00`);
    expect(await receipt.locator('.receipt__payout').textContent()).toBe('$40.00');
    await page.screenshot({ path: screenshotPath('receipt-1280.png') });

    // the header follows the wallet: the stake leaves...
    await expect.poll(() => headerBalance(page).textContent()).toBe('$990.00');
    // ...and the win comes back when both games end, still without a reload
    for (const g of near) {
      const live = await stack.api(
        'PUT',
        `/games/${g.id}`,
        {
          homeTeam: g.home,
          awayTeam: g.away,
          league: `E2E Near ${tag}`,
          matchDate: new Date(Date.now() - 60_000).toISOString(),
          status: 'live',
        },
        adminToken,
      );
      expect(live.status, JSON.stringify(live.body)).toBe(200);
      const res = await stack.api(
        'PATCH',
        `/games/${g.id}/result`,
        { result: 'A', homeScore: 1, awayScore: 0 },
        adminToken,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 30_000 }).toBe('$1,030.00');
    expect(await page.evaluate(() => (window as any).__e2eMarker)).toBe('still here');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shares a slip as a booking code that another browser types into its slip', async () => {
    const sharer = await newPage(browser);
    await sharer.page.goto(`${stack.url}/`);
    const picks = [late[0], late[1]];
    await sharer.page.getByLabel('Search teams').fill(`Late ${tag} `);
    for (const g of picks) await odd(sharer.page, g, 'Draw').click();
    const slip = sharer.page.locator('.with-slip__aside');
    await slip.getByText('Multi', { exact: true }).click();
    await slip.getByRole('button', { name: 'Share Slip' }).click();
    const code = (await slip.getByTestId('booking-code').textContent())!;
    expect(code).toMatch(/^[2-9A-HJKMNP-TV-Z]{8}$/);
    for (const app of ['WhatsApp', 'Telegram', 'X']) {
      const href = await slip.getByRole('link', { name: app, exact: true }).getAttribute('href');
      expect(href, app).toContain(app === 'Telegram' ? encodeURIComponent(code) : code);
    }

    const friend = await newPage(browser);
    await friend.page.goto(`${stack.url}/`);
    const friendSlip = friend.page.locator('.with-slip__aside');
    // typed the way people type codes: lower case, with a dash
    await friendSlip
      .getByLabel('Load a booking code')
      .fill(`${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`);
    await friendSlip.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => friendSlip.locator('.slip__count').textContent()).toBe('(2)');
    expect(await friendSlip.locator('.slip__match').allTextContents()).toEqual(
      picks.map((g) => `${g.home} vs ${g.away}`),
    );
    // a code nobody issued says so next to the field
    await friendSlip.getByRole('button', { name: 'Load a booking code' }).click();
    await friendSlip.getByLabel('Load a booking code').fill('ZZZZ2222');
    await friendSlip.getByRole('button', { name: 'Load', exact: true }).click();
    await expect
      .poll(() => friendSlip.locator('.field__error').textContent())
      .toBe('No slip has this booking code. Check it and try again.');
    // the shared-slip page by its code: the code, each kick-off, the total odds and what it pays
    await friend.page.goto(`${stack.url}/slip/${code}`);
    await expect.poll(() => friend.page.locator('.shared__code').textContent()).toBe(`Booking code ${code}`);
    expect(await friend.page.locator('.shared-list__kickoff').count()).toBe(2);
    expect(await friend.page.locator('.slip__totals').textContent()).toContain('Total Odds10.24');
    // an unknown code is a friendly page, not bare red text
    await friend.page.goto(`${stack.url}/slip/ZZZZ2222`);
    await expect.poll(() => friend.page.getByText("We couldn't find this slip").count()).toBe(1);
    await friend.page.getByRole('link', { name: 'Browse matches' }).waitFor();
    expect([...sharer.errors, ...friend.errors]).toEqual([]);
    await sharer.context.close();
    await friend.context.close();
  });

  it('opens the slip as a bottom sheet on a 390-pixel phone, without horizontal scrolling', async () => {
    const { context, page, errors } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto(`${stack.url}/`);
    await page.getByLabel('Search teams').fill(`Late ${tag} 1`);
    await odd(page, late[1], 'Away').click();
    await page.getByRole('button', { name: 'Bet Slip (1)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your Bet Slip' });
    await sheet.waitFor();
    await sheet.getByRole('button', { name: '+10', exact: true }).click();
    await expect.poll(() => sheet.locator('.slip__payout').textContent()).toBe('$38.00');
    // anchored to the bottom edge, full width, one title
    await animationsDone(page); // the slide-in
    const box = (await sheet.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    expect(Math.round(box.x)).toBe(0);
    expect(Math.round(box.width)).toBe(390);
    expect(await sheet.getByRole('heading', { name: 'Your Bet Slip' }).count()).toBe(1);
    const width = await page.evaluate(() => [document.scrollingElement!.scrollWidth, window.innerWidth]);
    expect(width[0]).toBeLessThanOrEqual(width[1]);
    await page.screenshot({ path: screenshotPath('slip-sheet-390.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
