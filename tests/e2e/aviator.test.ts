import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DEMO,
  launchBrowser,
  newPage,
  type Stack,
  screenshotPath,
  startStack,
  waitUntil,
} from './stack';

// Aviator as `npm start` runs it (rounds out of the box), with a shorter countdown.
describe('aviator', () => {
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([
      startStack({ AVIATOR_BETTING_MS: '5000', AVIATOR_CRASHED_MS: '1500', AVIATOR_WAITING_MS: '500' }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const signIn = async (page: Page, who: { email: string; password: string }) => {
    const session = await stack.login(who.email, who.password);
    await page.goto(`${stack.url}/support`);
    await page.evaluate((s) => {
      localStorage.setItem('accessToken', s.accessToken);
      localStorage.setItem('refreshToken', s.refreshToken);
    }, session);
    return session;
  };

  it('shows a visitor the rounds running, with the nav link and the fairness page', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto(stack.url);
    await page.getByRole('link', { name: 'Aviator', exact: true }).first().click();
    await expect.poll(() => page.url()).toContain('/aviator');
    const caption = page.getByTestId('aviator-state');
    // a whole cycle: betting, flight (plane shown), crash (multiplier red)
    await expect.poll(() => caption.textContent(), { timeout: 60_000 }).toMatch(/Place your bets/);
    await expect.poll(() => caption.textContent(), { timeout: 60_000 }).toBe('In flight');
    await expect(page.getByTestId('aviator-plane').count()).resolves.toBe(1);
    await expect.poll(() => caption.textContent(), { timeout: 120_000 }).toMatch(/Flew away at \d+\.\d\dx/);
    await expect(page.getByTestId('aviator-plane').count()).resolves.toBe(0);
    const color = await page.getByTestId('aviator-multiplier').evaluate((el) => getComputedStyle(el).color);
    expect(color).toBe('rgb(239, 68, 68)');
    await expect(page.getByRole('link', { name: 'Log in to play' }).count()).resolves.toBe(2);
    await page.screenshot({ path: screenshotPath('aviator-visitor.png') });

    await page.getByRole('link', { name: "How it's fair" }).click();
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Crash point' }).textContent())
      .toMatch(/matches the round ✔/);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('lets a player place two bets, one with auto cash-out, and cash the other out by hand', async () => {
    const { page, context, errors } = await newPage(browser);
    const session = await signIn(page, DEMO);
    const before = (await stack.api('GET', '/wallet', undefined, session.accessToken)).body
      .walletBalance as number;
    await page.goto(`${stack.url}/aviator`);
    const panel1 = page.getByTestId('aviator-panel-1');
    const panel2 = page.getByTestId('aviator-panel-2');
    await expect(panel1.getByLabel('Stake ($)').inputValue()).resolves.toBe('10');

    // a round can crash at 1.00x: try again on the next one until both bets won
    let won = false;
    for (let attempt = 0; attempt < 5 && !won; attempt++) {
      const place1 = panel1.getByRole('button', { name: 'Place Bet' });
      await expect.poll(() => place1.isEnabled(), { timeout: 120_000 }).toBe(true);
      await panel1.getByLabel('Stake ($)').fill('2');
      await panel1.getByRole('checkbox').check();
      await panel1.getByLabel('Auto cash-out multiplier, bet 1').fill('1.01');
      await place1.click();
      // panel 1's outcome, from now on: its auto cash-out comes long before the manual one, and
      // the next round clears it four seconds after the crash, which a loaded machine can miss
      const outcome1 = waitUntil(
        async () => (await panel1.locator('.bet-panel__outcome').allTextContents())[0],
        90_000,
        "panel 1's outcome",
      );
      outcome1.catch(() => {});
      await expect.poll(() => page.getByText('Bet placed!').count()).toBeGreaterThan(0);
      await panel2.getByRole('button', { name: 'Place Bet' }).click();
      await expect(panel1.getByRole('button', { name: 'Waiting for Next Round' }).isDisabled()).resolves.toBe(
        true,
      );
      const cashOut = panel2.getByRole('button', { name: /Cash Out/ });
      await expect.poll(() => cashOut.count(), { timeout: 30_000 }).toBe(1);
      await cashOut.click().catch(() => {});
      const result = await waitUntil(
        async () =>
          (await page.getByText(/Cashed out at \d+\.\d\dx for \$\d+\.\d\d\./).count()) > 0
            ? 'won'
            : (await page.getByText(/Too late|no active bet/).count()) > 0 ||
                /Lost \$/.test((await panel2.textContent()) ?? '')
              ? 'lost'
              : null,
        30_000,
        'the cash-out answer',
      );
      won = result === 'won';
      // the auto cash-out of panel 1 at exactly 1.01x
      expect(await outcome1).toMatch(won ? /^Cashed out at 1\.01x: \+\$2\.02$/ : /Cashed out at 1\.01x|Lost/);
    }
    expect(won).toBe(true);
    const { body } = await stack.api('GET', '/aviator/my-bets', undefined, session.accessToken);
    const mine = body.bets.slice(0, 2);
    const paid = mine.reduce((s: number, b: any) => s + (b.payout ?? 0), 0);
    // the header balance follows the wallet (stakes out, both payouts in)
    await expect
      .poll(
        async () => (await stack.api('GET', '/wallet', undefined, session.accessToken)).body.walletBalance,
        {
          timeout: 20_000,
        },
      )
      .not.toBe(before);
    const after = (await stack.api('GET', '/wallet', undefined, session.accessToken)).body
      .walletBalance as number;
    await expect
      .poll(() => page.locator('.balance-chip').first().textContent())
      .toContain(after.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    expect(paid).toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('aviator-player.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);

  it('bets for the next round during a flight and cancels it; round details, tabs, dialogs (desktop)', async () => {
    const { page, context, errors } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const session = await signIn(page, DEMO);
    const before = (await stack.api('GET', '/wallet', undefined, session.accessToken)).body
      .walletBalance as number;
    await page.goto(`${stack.url}/aviator`);
    const caption = page.getByTestId('aviator-state');
    const panel2 = page.getByTestId('aviator-panel-2');
    // during a flight the panel bets for the next round
    await expect.poll(() => caption.textContent(), { timeout: 120_000 }).toBe('In flight');
    const next = panel2.getByRole('button', { name: 'Bet for Next Round' });
    await expect.poll(() => next.isEnabled(), { timeout: 30_000 }).toBe(true);
    await panel2.getByLabel('Stake ($)').fill('3');
    await next.click();
    await expect.poll(() => page.getByText('Bet placed!').count()).toBeGreaterThan(0);
    await expect(panel2.getByRole('button', { name: 'Waiting for Next Round' }).isDisabled()).resolves.toBe(
      true,
    );
    const cancel = panel2.getByRole('button', { name: 'Cancel' });
    await expect.poll(() => cancel.count()).toBe(1);
    await page.screenshot({ path: screenshotPath('aviator-next-round-desktop.png') });
    await cancel.click();
    await expect.poll(() => page.getByText('Bet cancelled.').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(
        async () => (await stack.api('GET', '/wallet', undefined, session.accessToken)).body.walletBalance,
      )
      .toBe(before);

    // a past round's details from the history strip
    const first = page.getByRole('button', { name: /^Round details: crashed at/ }).first();
    await expect.poll(() => first.count(), { timeout: 60_000 }).toBe(1);
    await first.click();
    const details = page.getByTestId('aviator-round-details');
    await expect.poll(() => details.textContent()).toMatch(/Round hash \(the revealed seed\)[0-9a-f]{64}/);
    await expect(page.getByRole('link', { name: 'Verify this round' }).count()).resolves.toBe(1);
    await page.screenshot({ path: screenshotPath('aviator-round-details-desktop.png') });
    await page.keyboard.press('Escape');

    // the tabs and the dialogs
    await page.getByRole('tab', { name: 'Top' }).click();
    await expect(page.getByRole('button', { name: 'Top multipliers' }).count()).resolves.toBe(1);
    await page.getByRole('tab', { name: 'My bets' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'My Aviator bets' }).count()).toBe(1);
    await expect(page.getByTestId('aviator-limits').textContent()).resolves.toMatch(/Min stake \$\d+\.\d\d/);
    await page.getByRole('button', { name: 'How to play' }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'How to play' }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('aviator-how-to-play-desktop.png') });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('checkbox', { name: 'Sound effects' }).check();
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => localStorage.getItem('aviator.settings'))).toContain('"sound":true');
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it('shows both bet panels under the game on a phone without scrolling; the history strip scrolls', async () => {
    const { page, context, errors } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(page, DEMO);
    await page.goto(`${stack.url}/aviator`);
    const panel2 = page.getByTestId('aviator-panel-2');
    await expect.poll(() => panel2.count(), { timeout: 60_000 }).toBe(1);
    await expect
      .poll(() => page.getByRole('button', { name: /^Round details/ }).count(), { timeout: 60_000 })
      .toBeGreaterThan(0);
    for (const id of ['aviator-panel-1', 'aviator-panel-2']) {
      const button = page.getByTestId(id).locator('.bet-panel__button');
      const box = await button.boundingBox();
      expect(box, id).not.toBeNull();
      // the panel's button is on the first screen, below the flight
      expect(box!.y + box!.height, id).toBeLessThanOrEqual(844);
    }
    // each panel's fields and buttons stay inside it (a number field's own width and the
    // "Bet for Next Round" label once pushed panel 2 past the screen's edge)
    for (const id of ['aviator-panel-1', 'aviator-panel-2']) {
      const past = await page.getByTestId(id).evaluate((el) => {
        const edge = el.getBoundingClientRect().right;
        return [...el.querySelectorAll('input, button, a, summary')]
          .filter((c) => c.getBoundingClientRect().right > edge + 0.5)
          .map((c) => c.outerHTML.slice(0, 80));
      });
      expect(past, id).toEqual([]);
    }
    // the AI launcher is docked in the tab bar, clear of both panels' Auto-play
    const fab = await page.locator('.ai-fab').boundingBox();
    for (const summary of await page.locator('.bet-panel__autoplay summary').all()) {
      const b = (await summary.boundingBox())!;
      if (fab) expect(b.y + b.height <= fab.y || b.x + b.width <= fab.x).toBe(true);
    }
    const flight = await page.locator('.flight').boundingBox();
    const panel = await page.getByTestId('aviator-panel-1').boundingBox();
    expect(panel!.y).toBeGreaterThanOrEqual(flight!.y + flight!.height);
    const strip = page.getByRole('list', { name: 'Recent crash points' });
    expect(await strip.evaluate((el) => getComputedStyle(el).overflowX)).toBe('auto');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('aviator-phone.png') });
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it("shows the admin monitor's state texts and colours", async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, ADMIN);
    await page.goto(`${stack.url}/admin/aviator`);
    const seen = new Map<string, { text: string; cls: string }>();
    await waitUntil(
      async () => {
        // state, text and class read in one go from the live document: separate reads can straddle
        // a re-render, and a located element can be the stage React just replaced (its key changes
        // on a crash), detached but still saying 'running'
        const now = await page.evaluate(() => {
          const el = document.querySelector('[data-testid="aviator-stage"]');
          return {
            state: el?.getAttribute('data-state') ?? null,
            cls: el?.getAttribute('class') ?? '',
            text: document.querySelector('[data-testid="aviator-status-text"]')?.textContent ?? '',
          };
        });
        if (now.state) seen.set(now.state, { text: now.text, cls: now.cls });
        return seen.size === 4;
      },
      240_000,
      'all four states on the monitor',
    );
    expect(seen.get('betting')?.text).toBe('Place your bets now...');
    expect(seen.get('running')?.text).toBe('Multiplier is increasing.');
    expect(seen.get('crashed')?.text).toMatch(/^Round ended at \d+\.\d\dx$/);
    expect(seen.get('waiting')?.text).toBe('Waiting for the next round to begin.');
    expect(seen.get('crashed')?.cls).toContain('av-stage--crashed');
    expect(seen.get('betting')?.cls).toContain('av-stage--sky');
    await expect(page.getByTestId('aviator-hash').textContent()).resolves.toMatch(/^[0-9a-f]{64}$/);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
