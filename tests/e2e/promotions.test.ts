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
  seriousViolations,
  startStack,
} from './stack';

// Issue 33 in the browser: an admin writes a free bet's rules in the Promotions form (with its
// preview and checks), the demo player reads its terms, claims it, and places it from the slip
// (stake paid by the token, not returned), then sees it on the receipt and in My Bets.
describe('promotions: a free bet from the admin form to a placed bet', () => {
  let stack: Stack;
  let browser: Browser;
  let admin: { accessToken: string; refreshToken: string };
  let demo: { accessToken: string; refreshToken: string };
  const tag = Date.now().toString(36).slice(-5);
  const games: Array<{ id: string; home: string; away: string }> = [];

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
    admin = await stack.login(ADMIN.email, ADMIN.password);
    demo = await stack.login(DEMO.email, DEMO.password);
    for (const [home, away] of [
      [`Kano ${tag}`, `Enugu ${tag}`],
      [`Lagos ${tag}`, `Abuja ${tag}`],
      [`Jos ${tag}`, `Ibadan ${tag}`],
    ]) {
      const res = await stack.api(
        'POST',
        '/games',
        {
          homeTeam: home,
          awayTeam: away,
          league: `E2E Promo ${tag}`,
          matchDate: new Date(Date.now() + 40 * 60_000).toISOString(),
          odds: { home: 2, draw: 3.2, away: 3.8 },
        },
        admin.accessToken,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      games.push({ id: res.body.game._id, home, away });
    }
    // the other kinds, so the Promotions page shows every kind's terms
    const offers = [
      {
        title: `Welcome match ${tag}`,
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
        title: `Acca boost ${tag}`,
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
      {
        title: `Price boost ${tag}`,
        description: 'A bigger price on the big one.',
        promoType: 'OddsBoost',
        rules: {
          kind: 'odds_boost',
          gameId: games[0].id,
          market: '1x2',
          outcome: 'A',
          boostedOdds: 2.5,
          maxStake: 20,
        },
      },
    ];
    for (const o of offers) {
      const res = await stack.api('POST', '/promotions', o, admin.accessToken);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

  async function as(
    session: { accessToken: string; refreshToken: string },
    opts: { width?: number; theme?: 'light' | 'dark' } = {},
  ) {
    const width = opts.width ?? 1366;
    const phone = width < 600;
    const ctx = await newPage(browser, {
      viewport: { width, height: phone ? 844 : 900 },
      isMobile: phone,
      hasTouch: phone,
      colorScheme: opts.theme ?? 'light',
    });
    await ctx.page.goto(`${stack.url}/support`);
    await ctx.page.evaluate(
      ({ s, theme }) => {
        localStorage.setItem('accessToken', s.accessToken);
        localStorage.setItem('refreshToken', s.refreshToken);
        localStorage.setItem('theme', theme);
      },
      { s: session, theme: opts.theme ?? 'light' },
    );
    return ctx;
  }
  const odd = (page: Page, g: { home: string; away: string }, label: 'Home' | 'Draw' | 'Away') =>
    page.getByRole('button', { name: new RegExp(`^${g.home} vs ${g.away}: ${label} `) });

  /** Nothing wider than the window, and every button and select of `scope` at least 44 px tall on a phone. */
  async function phoneFit(page: Page, scope: string) {
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.scrollingElement!.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    const small = await page.evaluate((sel) => {
      const out: string[] = [];
      for (const el of document.querySelectorAll(
        `${sel} button:not(.visually-hidden), ${sel} select, ${sel} a.btn`,
      )) {
        const r = el.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && r.height < 44)
          out.push(`${el.textContent?.trim() || el.getAttribute('aria-label')} ${Math.round(r.height)}px`);
      }
      return out;
    }, scope);
    return small;
  }

  it('an admin writes a free bet’s rules in the form: checks, the preview, and the list', async () => {
    const { context, page, errors } = await as(admin);
    await page.goto(`${stack.url}/admin/promotions`);
    await page.getByRole('button', { name: 'Create Promotion' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Title').fill(`Free bet ${tag}`);
    await form.getByLabel('Description').fill('A $10 bet on us.');
    await form.getByLabel('Type').selectOption('FreeBet');
    await form.getByLabel('Rules').selectOption('free_bet');
    await form.getByLabel('Amount ($)').fill('0');
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    // refused before sending, said under the field
    await expect.poll(() => form.getByText('Amount must be greater than 0').count()).toBe(1);
    await form.getByLabel('Amount ($)').fill('10');
    await form.getByLabel('Minimum odds').fill('1.5');
    await expect
      .poll(() => form.getByTestId('terms-preview').textContent())
      .toBe('A $10 free bet at odds 1.50+, valid 7 days after you claim it. Stake not returned.');
    await page.screenshot({ path: screenshotPath('promo-admin-form-1366-light.png') });
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    await expect.poll(() => toast(page, 'Promotion created successfully!').count()).toBeGreaterThan(0);
    const row = page.locator('tr', { hasText: `Free bet ${tag}` });
    await expect.poll(() => row.textContent()).toContain('Free bet');
    const { body } = await stack.api('GET', '/promotions');
    expect(body.promotions.find((p: any) => p.title === `Free bet ${tag}`)?.rules).toEqual({
      kind: 'free_bet',
      amount: 10,
      minOdds: 1.5,
      expiresInDays: 7,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the player claims it on the Promotions page and places it from the slip', async () => {
    const { context, page, errors } = await as(demo);
    await page.goto(`${stack.url}/promotions`);
    const card = page
      .getByRole('list', { name: 'Offers' })
      .locator('.promo-card', { hasText: `Free bet ${tag}` });
    await expect
      .poll(() => card.locator('.promo-card__terms').textContent())
      .toBe('A $10 free bet at odds 1.50+, valid 7 days after you claim it. Stake not returned.');
    await expect.poll(() => page.getByText('No Promotions Claimed').count()).toBe(1);
    await card.getByRole('button', { name: `Claim Free bet ${tag}` }).click();
    await expect.poll(() => toast(page, 'Promotion claimed.').count()).toBeGreaterThan(0);
    await expect.poll(() => card.getByText('Claimed').count()).toBe(1);
    const mine = page.locator('.promo-mine');
    await expect.poll(() => mine.getByText('$10.00 free bet').count()).toBe(1);

    // to the board: one pick at 2.00, the token as its stake
    await page.goto(`${stack.url}/`);
    await page.getByLabel('Search teams').fill(games[1].home);
    await odd(page, games[1], 'Home').click();
    const slip = page.locator('.with-slip__aside');
    const picker = slip.getByLabel('Use a free bet');
    await picker.waitFor();
    await picker.selectOption({ index: 1 });
    const stake = slip.getByLabel('Stake per bet ($)');
    await expect.poll(() => stake.inputValue()).toBe('10');
    expect(await stake.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('$10.00'); // 10 × 2.00 − 10
    expect(await slip.textContent()).toContain('(stake not returned)');
    await slip.getByRole('button', { name: 'Place Free Bet' }).click();
    const receipt = slip.locator('.receipt');
    await receipt.waitFor();
    expect(await receipt.textContent()).toContain('Free bet used$10.00');
    expect(await receipt.locator('.receipt__payout').textContent()).toBe('$10.00');
    // the player's own money did not move
    await expect.poll(() => page.getByTestId('header-balance').textContent()).toBe('$1,000.00');
    const bets = await stack.api('GET', '/bets?limit=1', undefined, demo.accessToken);
    expect(bets.body.bets[0]).toMatchObject({ stake: 10, freeBetAmount: 10, potentialPayout: 10 });

    await page.goto(`${stack.url}/my-bets`);
    await expect
      .poll(() => page.locator('td[data-label="Stake"]').first().textContent())
      .toBe('$10.00 Free bet');
    await page.goto(`${stack.url}/promotions`);
    await expect.poll(() => page.locator('.promo-mine').getByText('Used').count()).toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the player sees the admin’s odds boost on the board, adds it, places it, and the receipt shows it', async () => {
    const { context, page, errors } = await as(demo);
    await page.goto(`${stack.url}/`);
    await page.getByLabel('Search teams').fill(games[0].home);
    // the boost created in beforeAll: 2.00 boosted to 2.50 (max stake $20)
    const home = page.getByRole('button', {
      name: `${games[0].home} vs ${games[0].away}: Home boosted from 2.00 to 2.50`,
    });
    await home.waitFor();
    expect(await home.locator('s').textContent()).toBe('2.00');
    expect(await odd(page, games[0], 'Away').textContent()).not.toContain('Boost');
    await home.click();
    const slip = page.locator('.with-slip__aside');
    await expect
      .poll(() => slip.locator('dt', { hasText: 'Odds boost' }).locator('+ dd').textContent())
      .toBe('2.00 → 2.50, max stake $20');
    const stake = slip.getByLabel('Stake per bet ($)');
    await stake.fill('25');
    await expect
      .poll(() => slip.getByText('The maximum stake on this odds boost is $20.00.').count())
      .toBe(1);
    await stake.fill('4');
    await slip.getByRole('button', { name: 'Place Bet' }).click();
    const receipt = slip.locator('.receipt');
    await receipt.waitFor();
    expect(await receipt.locator('.receipt__pick').textContent()).toContain('Boost2.00boosted to2.50');
    expect(await receipt.locator('.receipt__payout').textContent()).toBe('$10.00');
    const bets = await stack.api('GET', '/bets?limit=1', undefined, demo.accessToken);
    expect(bets.body.bets[0]).toMatchObject({ stake: 4, potentialPayout: 10 });
    expect(bets.body.bets[0].selections[0]).toMatchObject({ odds: 2.5, boost: { baseOdds: 2 } });
    await page.goto(`${stack.url}/my-bets`);
    await expect
      .poll(() => page.locator('td[data-label="Selections"]').first().textContent())
      .toContain('Boost');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('screens at 1366 and 390 px, light and dark: the board with a boost, the slip with an acca bonus', async () => {
    const tooSmall: string[] = [];
    const axe: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1366, 390]) {
        const phone = width < 600;
        const { page, context } = await as(demo, { width, theme });
        await page.goto(`${stack.url}/`);
        await page.getByLabel('Search teams').fill(tag);
        const boosted = page.getByRole('button', { name: /: Home boosted from 2\.00 to 2\.50$/ });
        await boosted.waitFor();
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.screenshot({ path: screenshotPath(`boost-board-${width}-${theme}.png`) });
        if (phone) tooSmall.push(...(await phoneFit(page, '.game__odds')).map((s) => `board: ${s}`));
        axe.push(...(await seriousViolations(page)).map((v) => `board ${width} ${theme}: ${v}`));

        // three unboosted legs at 1.2+: the acca bonus's 3-leg tier (+3%), and the next at 5 legs
        await odd(page, games[0], 'Draw').click();
        await odd(page, games[1], 'Home').click();
        await odd(page, games[2], 'Away').click();
        let slip = page.locator('.with-slip__aside');
        if (phone) {
          await page.getByRole('button', { name: 'Bet Slip (3)' }).click();
          slip = page.getByRole('dialog', { name: 'Your Bet Slip' });
          await slip.waitFor();
          await animationsDone(page);
        }
        await slip.getByRole('radio', { name: 'Multi' }).check();
        await slip.getByLabel('Stake ($)').fill('10');
        // 3% of 10 × (3.20 × 2.00 × 3.80 − 1) = 3% of $233.20 = $6.996, down to the cent
        await expect
          .poll(() => slip.locator('dt', { hasText: 'Acca bonus +3%' }).locator('+ dd').textContent())
          .toBe('+$6.99');
        expect(await slip.textContent()).toContain('Add 2 more legs for +10%');
        await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
        await slip.locator('.slip__totals').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`acca-slip-${width}-${theme}.png`) });
        axe.push(...(await seriousViolations(page)).map((v) => `acca slip ${width} ${theme}: ${v}`));
        await context.close();
      }
    }
    expect(tooSmall).toEqual([]);
    expect(axe).toEqual([]);
  }, 240_000);

  it('screens at 1366 and 390 px, light and dark: the Promotions page, the slip with a free bet, the rules form', async () => {
    // another token to show in the slip (the first one paid its bet)
    const promo = await stack.api(
      'POST',
      '/promotions',
      {
        title: `Second free bet ${tag}`,
        description: 'Another on us.',
        promoType: 'FreeBet',
        rules: { kind: 'free_bet', amount: 5, minOdds: 1.5, expiresInDays: 7 },
      },
      admin.accessToken,
    );
    expect(promo.status, JSON.stringify(promo.body)).toBe(201);
    const claimed = await stack.api(
      'POST',
      `/promotions/${promo.body._id}/claim`,
      undefined,
      demo.accessToken,
    );
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);

    const tooSmall: string[] = [];
    const axe: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const width of [1366, 390]) {
        const phone = width < 600;
        const player = await as(demo, { width, theme });
        const { page } = player;
        await page.goto(`${stack.url}/promotions`);
        await page.locator('.promo-mine .promo-card').first().waitFor();
        await page.waitForLoadState('networkidle').catch(() => {});
        await page.screenshot({ path: screenshotPath(`promo-page-${width}-${theme}.png`), fullPage: true });
        if (phone) tooSmall.push(...(await phoneFit(page, '.promo-card')).map((s) => `promotions: ${s}`));
        axe.push(...(await seriousViolations(page)).map((v) => `promotions ${width} ${theme}: ${v}`));

        await page.goto(`${stack.url}/`);
        // the unboosted game (games[0]'s Home is boosted, and a free bet takes no boost)
        await page.getByLabel('Search teams').fill(games[1].home);
        await odd(page, games[1], 'Home').click();
        let slip = page.locator('.with-slip__aside');
        if (phone) {
          await page.getByRole('button', { name: 'Bet Slip (1)' }).click();
          slip = page.getByRole('dialog', { name: 'Your Bet Slip' });
          await slip.waitFor();
          await animationsDone(page);
        }
        const picker = slip.getByLabel('Use a free bet');
        await picker.waitFor();
        const five = await picker.locator('option', { hasText: '$5.00 free bet' }).getAttribute('value');
        await picker.selectOption(five!);
        await expect.poll(() => slip.locator('.slip__payout').textContent()).toBe('$5.00');
        // the "Selection added" toast goes first: the picture is of the slip (and axe flags the
        // light theme's toast text, a shell matter outside this screen)
        await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
        await slip.locator('.slip__totals').first().scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath(`promo-slip-${width}-${theme}.png`) });
        if (phone) tooSmall.push(...(await phoneFit(page, '.slip__freebet')).map((s) => `slip: ${s}`));
        axe.push(...(await seriousViolations(page)).map((v) => `slip ${width} ${theme}: ${v}`));
        await player.context.close();

        const adm = await as(admin, { width, theme });
        await adm.page.goto(`${stack.url}/admin/promotions`);
        await adm.page.getByRole('button', { name: 'Create Promotion' }).click();
        const form = adm.page.getByRole('dialog');
        await form.getByLabel('Type').selectOption('FreeBet');
        await form.getByLabel('Rules').selectOption('free_bet');
        await form.getByLabel('Leagues (optional)').fill('Premier League');
        await animationsDone(adm.page);
        await form.locator('.terms-preview').scrollIntoViewIfNeeded();
        await adm.page.screenshot({ path: screenshotPath(`promo-admin-form-${width}-${theme}.png`) });
        if (phone) tooSmall.push(...(await phoneFit(adm.page, '.promo-form')).map((s) => `form: ${s}`));
        axe.push(...(await seriousViolations(adm.page)).map((v) => `form ${width} ${theme}: ${v}`));
        await adm.context.close();
      }
    }
    expect(tooSmall).toEqual([]);
    expect(axe).toEqual([]);
  }, 240_000);
  it('an admin writes a deposit match in the form; the player claims it, deposits, and sees the bonus and its wagering', async () => {
    const adm = await as(admin);
    await adm.page.goto(`${stack.url}/admin/promotions`);
    await adm.page.getByRole('button', { name: 'Create Promotion' }).click();
    const form = adm.page.getByRole('dialog');
    await form.getByLabel('Title').fill(`Deposit match ${tag}`);
    await form.getByLabel('Description').fill('Double your deposit.');
    await form.getByLabel('Type').selectOption('Bonus');
    await form.getByLabel('Rules').selectOption('deposit_match');
    await form.getByLabel('Match %').fill('100');
    await form.getByLabel('Cap ($)').fill('50');
    await form.getByLabel('Wagering ×').fill('5');
    await form.getByLabel('Minimum odds').fill('1.5');
    await form.getByLabel('First deposit only').uncheck();
    await expect
      .poll(() => form.getByTestId('terms-preview').textContent())
      .toBe('100% of every deposit up to $50 each, wager 5× at odds 1.50+ within 30 days.');
    await form.getByRole('button', { name: 'Create Promotion' }).click();
    await expect.poll(() => toast(adm.page, 'Promotion created successfully!').count()).toBeGreaterThan(0);
    expect(adm.errors).toEqual([]);
    await adm.context.close();

    const { context, page, errors } = await as(demo);
    await page.goto(`${stack.url}/promotions`);
    const card = page
      .getByRole('list', { name: 'Offers' })
      .locator('.promo-card', { hasText: `Deposit match ${tag}` });
    await card.getByRole('button', { name: `Claim Deposit match ${tag}` }).click();
    await expect.poll(() => card.getByText('Claimed').count()).toBe(1);
    const mine = page.locator('.promo-mine .promo-card', { hasText: `Deposit match ${tag}` });
    await expect.poll(() => mine.textContent()).toContain('Your bonus is added with your next deposit.');
    expect(await page.getByTestId('header-bonus').count()).toBe(0);

    // the Wallet's deposit dialog: NGN 30,000 credits $20.00, paid on the sandbox checkout page
    await page.goto(`${stack.url}/wallet`);
    await page.getByRole('button', { name: 'Deposit', exact: true }).click();
    await page.getByLabel('Amount (NGN)').fill('30000');
    await expect.poll(() => page.locator('.deposit-credit strong').textContent()).toBe('$20.00');
    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Proceed to Payment' }).click(),
    ]);
    await checkout.waitForURL(/\/api\/v1\/wallet\/sandbox\/checkout\//);
    await checkout.getByRole('button', { name: 'Pay' }).click();
    await expect.poll(() => checkout.locator('h1').textContent()).toBe('Payment complete');
    await checkout.close();
    await page.bringToFront();
    // 100% of $20.00, under the $50 cap: in the header and on the Wallet, apart from the cash
    await expect
      .poll(() => page.getByTestId('header-bonus').textContent(), { timeout: 20_000 })
      .toBe(' +$20.00 bonus');
    await expect
      .poll(() => page.locator('.balance__bonus strong').textContent(), { timeout: 20_000 })
      .toBe('$20.00');
    const wallet = await stack.api('GET', '/wallet', undefined, demo.accessToken);
    expect(wallet.body.bonusBalance).toBe(20);

    // My Promotions: the grant, and its wagering (5 × $20.00) not started
    await page.goto(`${stack.url}/promotions`);
    await expect.poll(() => mine.locator('.promo-mine__line strong').textContent()).toBe('$20.00 bonus');
    // a match on every deposit stays open for the next one (a first-deposit match is "Granted")
    expect(await mine.locator('.promo-card__head .badge').textContent()).toBe('Open');
    expect(await mine.locator('.promo-mine__line .badge').textContent()).toBe('Active');
    const progress = mine.getByRole('progressbar', { name: 'Wagered $0.00 of $100.00' });
    expect(await progress.getAttribute('aria-valuenow')).toBe('0');
    expect(await mine.locator('.promo-progress__text').textContent()).toBe('Wagered $0.00 of $100.000%');
    expect(await mine.textContent()).toContain('$20.00 left · stakes at odds 1.50+ count');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin’s accumulator bonus: the player adds 3 legs, sees the bonus in the slip, places it, and the receipt shows it', async () => {
    const res = await stack.api(
      'POST',
      '/promotions',
      {
        title: `Acca plus ${tag}`,
        description: 'Five per cent more on a treble.',
        promoType: 'Bonus',
        rules: { kind: 'acca_bonus', minOddsPerLeg: 1.5, tiers: [{ legs: 3, percent: 5 }] },
      },
      admin.accessToken,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);

    const { context, page, errors } = await as(demo);
    await page.goto(`${stack.url}/promotions`);
    const card = page
      .getByRole('list', { name: 'Offers' })
      .locator('.promo-card', { hasText: `Acca plus ${tag}` });
    await expect
      .poll(() => card.locator('.promo-card__terms').textContent())
      .toBe('A payout bonus of +5% on multis of 3+ legs, each leg at odds 1.50+.');
    expect(await card.locator('.promo-card__auto').textContent()).toBe('Applies automatically');

    await page.goto(`${stack.url}/`);
    await page.getByLabel('Search teams').fill(tag);
    // three unboosted legs at 1.50+ (3.20, 2.00, 3.80): this +5% beats the other offer's +3%
    await odd(page, games[0], 'Draw').click();
    await odd(page, games[1], 'Home').click();
    await odd(page, games[2], 'Away').click();
    const slip = page.locator('.with-slip__aside');
    await slip.getByRole('radio', { name: 'Multi' }).check();
    await slip.getByLabel('Stake ($)').fill('10');
    // 5% of 10 × (3.20 × 2.00 × 3.80 − 1) = 5% of $233.20 = $11.66
    await expect
      .poll(() => slip.locator('dt', { hasText: 'Acca bonus +5%' }).locator('+ dd').textContent())
      .toBe('+$11.66');
    await slip.getByRole('button', { name: 'Place Multi Bet' }).click();
    const receipt = slip.locator('.receipt');
    await receipt.waitFor();
    expect(await receipt.locator('dt', { hasText: 'Acca bonus +5%' }).locator('+ dd').textContent()).toBe(
      '+$11.66',
    );
    // the payout is the bet's own (stake × odds); the bonus is its own line, paid if it wins
    expect(await receipt.locator('.receipt__payout').textContent()).toBe('$243.20');
    const bets = await stack.api('GET', '/bets?limit=1', undefined, demo.accessToken);
    expect(bets.body.bets[0]).toMatchObject({
      betType: 'multi',
      stake: 10,
      accaPromotionId: res.body._id,
      accaBonusPercent: 5,
      accaBonus: 11.66,
      potentialPayout: 243.2,
    });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('screens at 390 px, light and dark: the admin Promotions list', async () => {
    const axe: string[] = [];
    const wide: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const { page, context, errors } = await as(admin, { width: 390, theme });
      await page.goto(`${stack.url}/admin/promotions`);
      await page.locator('tr', { hasText: `Deposit match ${tag}` }).waitFor();
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.screenshot({ path: screenshotPath(`promo-admin-list-390-${theme}.png`), fullPage: true });
      // nothing wider than the phone (the admin's buttons are not held to the player's 44 px)
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.scrollingElement!.scrollWidth,
        window.innerWidth,
      ]);
      if (scrollWidth > innerWidth) wide.push(`${theme}: ${scrollWidth}px`);
      axe.push(...(await seriousViolations(page)).map((v) => `list ${theme}: ${v}`));
      expect(errors).toEqual([]);
      await context.close();
    }
    expect(wide).toEqual([]);
    expect(axe).toEqual([]);
  }, 120_000);
});
