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
  waitUntil,
} from './stack';

// Markets beyond 1X2 as a phone bettor uses them: the match page's tabs, a single on Over 2.5
// and one on BTTS Yes, each named on the receipt and in My Bets; and the board's extra columns.
describe('markets on the web: the match page, Over 2.5 and BTTS singles, the board columns', () => {
  let stack: Stack;
  let browser: Browser;
  let player: { accessToken: string; refreshToken: string };
  const tag = Date.now().toString(36).slice(-5);
  const games: Array<{ id: string; home: string; away: string }> = [];
  const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack({ SIMULATOR_SPEED: '20' }), launchBrowser()]);
    const admin = (await stack.login(ADMIN.email, ADMIN.password)).accessToken;
    for (const [home, away] of [
      [`Kano ${tag}`, `Enugu ${tag}`],
      [`Lagos ${tag}`, `Abuja ${tag}`],
    ]) {
      const res = await stack.api(
        'POST',
        '/games',
        {
          homeTeam: home,
          awayTeam: away,
          league: `E2E Markets ${tag}`,
          matchDate: new Date(Date.now() + 45 * 60_000).toISOString(),
          odds: { home: 2.1, draw: 3.3, away: 3.4 },
        },
        admin,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      games.push({ id: res.body.game._id, home, away });
    }
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
  const pick = (page: Page, g: { home: string; away: string }, label: string) =>
    page.getByRole('button', { name: new RegExp(`^${g.home} vs ${g.away}: ${label} \\d`) });
  const noSideScroll = (page: Page) =>
    page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

  it('bets a single on Over 2.5 and one on BTTS Yes from match pages on a phone, named in My Bets', async () => {
    const { context, page, errors } = await signedInPage(PHONE);
    const [g1, g2] = games;
    await page.goto(`${stack.url}/match/${g1.id}`);
    await page.getByRole('heading', { name: g1.home }).waitFor();
    const tabs = page.getByRole('tablist', { name: 'Markets' });
    for (const t of ['Main', 'Goals', 'Halves', 'Handicap', 'Correct Score'])
      expect(await tabs.getByRole('tab', { name: t }).count()).toBe(1);
    await pick(page, g1, 'Over 2.5').click();
    expect(await pick(page, g1, 'Over 2.5').getAttribute('aria-pressed')).toBe('true');
    // the other tabs: every total, and the correct scores
    await tabs.getByRole('tab', { name: 'Goals' }).click();
    expect(await pick(page, g1, 'Over 4.5').count()).toBe(1);
    await tabs.getByRole('tab', { name: 'Correct Score' }).click();
    expect(await pick(page, g1, 'Correct Score 2-1').count()).toBe(1);
    expect(await noSideScroll(page)).toBe(true);
    await page.screenshot({ path: screenshotPath('match-cs-390.png'), fullPage: true });

    await page.goto(`${stack.url}/match/${g2.id}`);
    await page.getByRole('heading', { name: g2.home }).waitFor();
    await pick(page, g2, 'BTTS Yes').click();
    await page.getByRole('button', { name: 'Bet Slip (2)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Your Bet Slip' });
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Over 2.5');
    expect(await sheet.textContent()).toContain('BTTS Yes');
    await sheet.getByRole('button', { name: '+5', exact: true }).click();
    await sheet.getByRole('button', { name: 'Place 2 Single Bets' }).click();
    const receipt = sheet.locator('.receipt');
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('Over 2.5');
    expect(await receipt.textContent()).toContain('BTTS Yes');

    // placed with their markets, on the server
    const { body } = await stack.api('GET', '/bets?limit=2', undefined, player.accessToken);
    const legs = body.bets
      .flatMap((b: any) => b.selections.map((s: any) => `${s.market}/${s.outcome}`))
      .sort();
    expect(legs).toEqual(['btts/yes', 'ou_2.5/over']);

    await page.goto(`${stack.url}/my-bets`);
    await expect.poll(() => page.locator('main').textContent()).toContain('Over 2.5');
    expect(await page.locator('main').textContent()).toContain('BTTS Yes');
    await page.screenshot({ path: screenshotPath('match-mybets-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Main tab: Double Chance reads 1X / 12 / X2 on a phone and names the sides on a desktop; the tab row scrolls', async () => {
    const [g1] = games;
    for (const w of [390, 1280]) {
      const opts = w === 390 ? PHONE : { viewport: { width: w, height: 900 } };
      const { context, page, errors } = await signedInPage(opts);
      await page.goto(`${stack.url}/match/${g1.id}`);
      await page.getByRole('heading', { name: g1.home }).waitFor();
      const dc = page.getByRole('region', { name: 'Double Chance' });
      await dc.waitFor();
      // what is visible over each price, and whether it fits its button
      const labels = await dc.locator('.odd__label').evaluateAll((els) =>
        els.map((el) => ({
          text: (el as HTMLElement).innerText.trim(),
          fits: el.scrollWidth <= el.clientWidth + 1,
        })),
      );
      if (w === 390) expect(labels.map((l) => l.text)).toEqual(['1X', '12', 'X2']);
      else expect(labels[0].text).toBe(`${g1.home} or Draw`);
      expect(labels.every((l) => l.fits)).toBe(true);
      // Match Result names the teams: 1 / X / 2 on a phone, its buttons' names unchanged
      const mr = page.getByRole('region', { name: 'Match Result' });
      const mrLabels = await mr
        .locator('.odd__label')
        .evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()));
      if (w === 390) expect(mrLabels).toEqual(['1', 'X', '2']);
      else expect(mrLabels[0]).toBe(g1.home);
      expect(await mr.getByRole('button', { name: new RegExp(`: ${g1.home} `) }).count()).toBe(1);
      // the tab row: every tab reachable, the last one scrolled into view when chosen
      const tabs = page.getByRole('tablist', { name: 'Markets' });
      const row = await tabs.evaluate((el) => ({
        overflow: getComputedStyle(el).overflowX,
        scrolls: el.scrollWidth > el.clientWidth,
      }));
      expect(row.overflow).toBe('auto');
      await page.screenshot({ path: screenshotPath(`match-main-${w}.png`), fullPage: true });
      const last = tabs.getByRole('tab', { name: 'Correct Score' });
      await last.click();
      await animationsDone(page);
      const inView = await last.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const p = el.parentElement!.getBoundingClientRect();
        return r.left >= p.left - 1 && r.right <= p.right + 1;
      });
      expect(inView, JSON.stringify(row)).toBe(true);
      await page.screenshot({ path: screenshotPath(`match-tabs-${w}.png`) });
      expect(await noSideScroll(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('Handicap tab: the line buttons read "1 -1.5" / "X -1" / "2 +1" on a phone, fitting their buttons, and name the teams on a desktop', async () => {
    const [g1] = games;
    for (const w of [390, 1366]) {
      const opts = w === 390 ? PHONE : { viewport: { width: w, height: 900 } };
      const { context, page, errors } = await signedInPage(opts);
      await page.goto(`${stack.url}/match/${g1.id}`);
      await page.getByRole('heading', { name: g1.home }).waitFor();
      await page.getByRole('tablist', { name: 'Markets' }).getByRole('tab', { name: 'Handicap' }).click();
      const ah = page.getByRole('region', { name: 'Asian Handicap -1.5' });
      await ah.waitFor();
      const read = (region: typeof ah) =>
        region.locator('.odd__label').evaluateAll((els) =>
          els.map((el) => ({
            text: (el as HTMLElement).innerText.trim(),
            fits: el.scrollWidth <= el.clientWidth + 1,
          })),
        );
      const ahLabels = await read(ah);
      const eh = await read(page.getByRole('region', { name: 'Handicap -1', exact: true }));
      if (w === 390) {
        expect(ahLabels.map((l) => l.text)).toEqual(['1 -1.5', '2 +1.5']);
        expect(eh.map((l) => l.text)).toEqual(['1 -1', 'X -1', '2 +1']);
      } else expect(ahLabels[0].text).toBe(`${g1.home} -1.5`);
      expect(
        [...ahLabels, ...eh].every((l) => l.fits),
        JSON.stringify([ahLabels, eh]),
      ).toBe(true);
      // the buttons keep the teams in their names
      expect(
        await ah.getByRole('button', { name: new RegExp(`: Asian Handicap ${g1.home} -1.5 `) }).count(),
      ).toBe(1);
      // team totals on the Goals tab name the side's line, not the team, on a phone
      await page.getByRole('tablist', { name: 'Markets' }).getByRole('tab', { name: 'Goals' }).click();
      const tt = await read(page.getByRole('region', { name: `${g1.home} Team Goals 1.5` }));
      if (w === 390) expect(tt.map((l) => l.text)).toEqual(['Over 1.5', 'Under 1.5']);
      expect(tt.every((l) => l.fits)).toBe(true);
      await page.getByRole('tablist', { name: 'Markets' }).getByRole('tab', { name: 'Handicap' }).click();
      await ah.waitFor();
      await page.screenshot({ path: screenshotPath(`match-handicap-${w}.png`), fullPage: true });
      expect(await noSideScroll(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('shows a live match: score, clock, timeline and statistics, at phone and desktop widths', async () => {
    // a simulated match with events already
    const live = await waitUntil(
      async () => {
        const { body } = await stack.api('GET', '/games/live');
        for (const g of body.games ?? []) {
          const d = await stack.api('GET', `/games/${g._id}/details`);
          if ((d.body.events ?? []).length >= 2) return g;
        }
        return undefined;
      },
      120_000,
      'a live match with events',
    );
    for (const [w, h] of [
      [390, 844],
      [1366, 900],
    ] as const) {
      for (const scheme of ['light', 'dark'] as const) {
        const { context, page, errors } = await newPage(browser, {
          viewport: { width: w, height: h },
          colorScheme: scheme,
          ...(w < 600 ? { isMobile: true, hasTouch: true } : {}),
        });
        await page.goto(`${stack.url}/match/${live._id}`);
        await page.getByRole('heading', { name: live.homeTeam }).waitFor();
        await expect.poll(() => page.locator('.timeline__event').count()).toBeGreaterThan(0);
        // the marks are drawn: no text (and no emoji a phone may lack) in them
        expect(await page.locator('.timeline__icon').first().textContent()).toBe('');
        expect(await page.getByRole('region', { name: 'Statistics' }).textContent()).toContain('Goals');
        await page.locator('.market').first().waitFor();
        await animationsDone(page);
        expect(await noSideScroll(page)).toBe(true);
        await page.screenshot({ path: screenshotPath(`match-live-${w}-${scheme}.png`), fullPage: true });

        await page.goto(`${stack.url}/`);
        await page.locator('.game').first().waitFor();
        await expect.poll(() => page.locator('.game__more-markets').count()).toBeGreaterThan(0);
        if (w > 1000)
          await expect
            .poll(() => page.locator('.game__market .odd:not([disabled])').count(), { timeout: 30_000 })
            .toBeGreaterThan(0);
        await animationsDone(page);
        expect(await noSideScroll(page)).toBe(true);
        await page.screenshot({ path: screenshotPath(`home-markets-${w}-${scheme}.png`) });
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
