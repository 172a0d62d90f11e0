import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DEMO,
  launchBrowser,
  loginThroughUi,
  newcomer,
  newPage,
  type Stack,
  screenshotPath,
  seriousViolations,
  startStack,
} from './stack';

// Trust and player protection (issue 16 items 6 and 7): registration that says what is wrong
// beside each field and records the 18+ consent; a time-out taken in Settings that closes
// betting and deposits everywhere while the wallet stays open for withdrawals.
describe('registration and player protection', () => {
  let stack: Stack;
  let browser: Browser;
  const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]', { hasText: text });

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  it('registers with field errors beside the fields, the password rules and the 18+ consent', async () => {
    for (const width of [1366, 390]) {
      const { context, page, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`${stack.url}/register`);
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect.poll(() => toast(page, 'Please fill in all fields.').count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByText('First name is required.').count()).toBe(1);
      await expect
        .poll(() => page.getByText('Please confirm you are 18 or over and accept the terms.').count())
        .toBe(1);
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

      const p = newcomer();
      await page.getByLabel('First Name').fill(p.firstName);
      await page.getByLabel('Last Name').fill(p.lastName);
      await page.getByLabel('Username').fill(p.username);
      await page.getByLabel('Email').fill(p.email);
      await page.getByLabel('Password', { exact: true }).fill(p.password);
      await page.getByLabel('Confirm Password').fill(p.password);
      const rules = page.getByRole('list', { name: 'Password rules' });
      await expect.poll(() => rules.getByText('(met)').count()).toBe(3);
      await page.screenshot({ path: screenshotPath(`register-${width}.png`), fullPage: true });
      // toasts fade out mid-check; the form itself is what is checked here
      await expect.poll(() => toast(page, 'Please fill in all fields.').count(), { timeout: 10_000 }).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: /18 or older/ }).check();
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      await expect.poll(() => toast(page, 'Registration successful! Welcome.').count()).toBe(1);
      const me = await stack.login(p.email, p.password);
      expect(Date.parse(me.user.termsAcceptedAt)).toBeGreaterThan(Date.now() - 120_000);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('takes a time-out in Settings: a banner everywhere, no bets, no deposits, withdrawals still open', async () => {
    const admin = await stack.login(ADMIN.email, ADMIN.password);
    const created = await stack.api(
      'POST',
      '/games',
      {
        homeTeam: 'Rangers Int',
        awayTeam: 'Plateau United',
        league: 'E2E Protection',
        matchDate: new Date(Date.now() + 3_600_000).toISOString(),
        odds: { home: 2, draw: 3.2, away: 3.8 },
      },
      admin.accessToken,
    );
    expect(created.status).toBe(201);

    const { context, page, errors } = await newPage(browser);
    await page.goto(`${stack.url}/login`);
    await loginThroughUi(page, DEMO.email, DEMO.password);
    await page.waitForURL(`${stack.url}/`);
    await page.goto(`${stack.url}/settings`);
    await page.getByRole('heading', { name: 'Take a Break' }).waitFor();
    await page.screenshot({ path: screenshotPath('settings-protection-1366.png'), fullPage: true });
    await page.getByRole('button', { name: '24 hours' }).click();
    const dialog = page.getByRole('dialog', { name: 'Take a 24 hours break?' });
    await expect.poll(() => dialog.textContent()).toMatch(/cannot be undone or shortened/);
    await dialog.getByRole('button', { name: 'Start break' }).click();
    await expect.poll(() => toast(page, /^Time-out in place until/).count()).toBe(1);
    const banner = page.locator('.break-banner');
    await expect.poll(() => banner.textContent()).toMatch(/You are on a time-out until/);

    // a bet is refused with the reason
    await page.goto(`${stack.url}/`);
    await expect.poll(() => banner.count()).toBe(1);
    await page
      .locator('#games')
      .getByRole('button', { name: 'Rangers Int vs Plateau United: Home 2.00' })
      .click();
    const slip = page.locator('.with-slip__aside');
    await slip.getByRole('button', { name: '+5', exact: true }).click();
    await slip.getByRole('button', { name: 'Place Bet', exact: true }).click();
    await expect.poll(() => toast(page, /on a break from betting until/).count()).toBeGreaterThan(0);

    // a deposit is refused; a withdrawal goes through
    const token = (await stack.login(DEMO.email, DEMO.password)).accessToken;
    const dep = await stack.api('POST', '/wallet/deposit/initialize', { amount: 15_000 }, token);
    expect(dep.status).toBe(403);
    expect(dep.body.msg).toMatch(/deposits are closed until then/);
    const out = await stack.api('POST', '/wallet/request-withdrawal', { amount: 10 }, token);
    expect(out.status).toBe(201);
    await page.screenshot({ path: screenshotPath('break-banner-1366.png') });
    expect(errors).toEqual([]);
    await context.close();
  });
});
