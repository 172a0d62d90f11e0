import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, newPage, type Stack, startStack, waitUntil } from './stack';

interface LiveGame {
  _id: string;
  homeTeam: string;
  awayTeam: string;
  elapsedTime: number | null;
}

// In-play betting on the simulator's own matches, played twenty times faster than real time so
// a match lasts about four and a half minutes: a live single is placed and cashed out.
describe('live betting', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({
        SIMULATOR_SPEED: '20',
        // at 20× a simulated minute (and its price move) passes every 3 s: the default 5 s
        // acceptance delay would see every price move, and goals suspend the game often. The
        // trading rules have their own tests (tests/betting/live-trading.test.ts); this walk is
        // about the screens.
        LIVE_ACCEPT_DELAY_MS: '200',
        LIVE_SUSPEND_MS: '0',
      }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('cashes out a live single from My Bets and credits the offer to the wallet', async () => {
    const session = await stack.login(DEMO.email, DEMO.password);
    const token = session.accessToken;
    const walletBefore = (await stack.api('GET', '/wallet', undefined, token)).body.walletBalance as number;

    const { page, context, errors } = await newPage(browser);
    await page.goto(`${stack.url}/support`);
    await page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
    }, session);

    // a match in its first half: in-play prices already out (they are published at least every
    // five match minutes), its clock still running before the break, minutes left for the cash-out
    const game = await waitUntil(
      async () => {
        const { body } = await stack.api<{ games: LiveGame[] }>('GET', '/games/live');
        return body.games
          .filter((g) => (g.elapsedTime ?? 0) >= 6 && (g.elapsedTime ?? 99) <= 35)
          .sort((a, b) => (a.elapsedTime ?? 0) - (b.elapsedTime ?? 0))[0];
      },
      90_000,
      'a live match in its first half',
    );
    const title = `${game.homeTeam} vs ${game.awayTeam}`;

    await page.goto(`${stack.url}/live`);
    await expect.poll(() => page.getByRole('heading', { name: 'Live In-Play Matches' }).count()).toBe(1);
    const card = page.locator('li.game', { has: page.getByText(game.homeTeam, { exact: true }) });
    const clock = card.locator('.game__clock--live');
    const firstClock = await clock.textContent();
    // the match clock moves with the pushes, without a reload
    await expect.poll(() => clock.textContent(), { timeout: 30_000 }).not.toBe(firstClock);

    await card.getByRole('button', { name: new RegExp(`^${title}: Draw `) }).click();
    const slip = page.locator('.with-slip__aside');
    await slip.getByLabel('Stake per bet ($)').fill('10');
    await slip.getByRole('button', { name: 'Place Bet', exact: true }).click();
    await expect
      .poll(() => page.locator('[data-sonner-toast]', { hasText: 'Bets placed successfully!' }).count())
      .toBe(1);

    await page.getByRole('link', { name: 'My Bets' }).click();
    const row = page.locator('table.bets tbody tr', { hasText: title });
    const cashOut = row.getByRole('button', { name: /^Cash Out \$\d+\.\d{2}$/ });
    await cashOut.waitFor({ timeout: 20_000 });

    // issue 34 item 6: the button says what would be paid now, the server's offer, and follows
    // it as the match's prices move, without a reload; on a phone too
    const placed = (await stack.api('GET', '/bets?limit=5', undefined, token)).body.bets.find(
      (b: any) => b.selections[0]?.game?._id === game._id,
    );
    const quote = async () =>
      (await stack.api('GET', `/bets/${placed._id}/cash-out`, undefined, token)).body.amount as number;
    const phone = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.page.goto(`${stack.url}/support`);
    await phone.page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
    }, session);
    await phone.page.goto(`${stack.url}/my-bets`);
    const phoneRow = phone.page.locator('table.bets tbody tr', { hasText: title });
    const shown = async (r: typeof row) =>
      Number(
        ((await r.getByRole('button', { name: /Cash Out/ }).textContent()) ?? '').replace(/[^0-9.]/g, ''),
      );
    const first = await shown(row);
    await expect.poll(quote, { timeout: 60_000 }).not.toBe(first);
    for (const r of [row, phoneRow])
      await expect.poll(async () => (await shown(r)) === (await quote()), { timeout: 20_000 }).toBe(true);
    expect(phone.errors).toEqual([]);
    await phone.context.close();

    await cashOut.click();
    // a confirmation that shows the offer, kept current, before anything is paid
    const confirm = page.getByRole('dialog', { name: 'Cash out this bet?' });
    const confirmButton = confirm.getByRole('button', { name: /^Confirm cash out \$\d+\.\d{2}$/ });
    await confirmButton.waitFor();
    await confirmButton.click();
    await expect
      .poll(() => page.locator('[data-sonner-toast]', { hasText: 'Bet cashed out successfully!' }).count())
      .toBe(1);
    await expect.poll(() => row.locator('.badge').textContent()).toBe('cashed out');
    expect(await row.getByRole('button', { name: /Cash Out/ }).count()).toBe(0);

    // the wallet paid exactly what the bet says it was cashed out for
    const { body } = await stack.api('GET', '/bets?limit=5', undefined, token);
    const bet = body.bets.find((b: any) => b.selections[0]?.game?._id === game._id);
    // the spec's statuses only: a cash-out is won, with cashedOut (docs/api-conventions.md)
    expect(bet).toMatchObject({ status: 'won', cashedOut: true });
    expect(bet.payout).toBeGreaterThan(0);
    await expect
      .poll(() => row.locator('td[data-label="Payout"]').textContent())
      .toBe(`$${bet.payout.toFixed(2)}`);
    const expected = Math.round((walletBefore - 10 + bet.payout) * 100) / 100;
    await expect
      .poll(async () => (await stack.api('GET', '/wallet', undefined, token)).body.walletBalance, {
        timeout: 10_000,
      })
      .toBe(expected);
    const txs = (await stack.api('GET', '/wallet/transactions?limit=5', undefined, token)).body.transactions;
    expect(txs[0].amount).toBeCloseTo(bet.payout, 2);

    expect(errors).toEqual([]);
    await context.close();
  });
});
