import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, launchBrowser, newPage, type Stack, screenshotPath, startStack } from './stack';

// Sign-up and sign-in with a phone number (issue 34 item 4), through the real stack: the code
// is read from the development SMS outbox (GET /api/v1/dev/sms) as a developer would.
describe('a Nigerian player signs up and in with a phone number', () => {
  let stack: Stack;
  let browser: Browser;
  const national = `80${String(Date.now()).slice(-8)}`;
  const e164 = `+234${national}`;
  const username = `ph_${Date.now().toString(36)}`;

  beforeAll(async () => {
    [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });

  async function codeFor(number: string, after: number) {
    let code = '';
    await expect
      .poll(async () => {
        // JSON only when asked for (else the outbox is an HTML page)
        const res = await fetch(`${stack.url}/api/v1/dev/sms?to=${encodeURIComponent(number)}`, {
          headers: { accept: 'application/json' },
        });
        const body = (await res.json()) as { texts: Array<{ createdAt: string; code: string | null }> };
        const text = body.texts.find((t) => Date.parse(t.createdAt) >= after);
        code = text?.code ?? '';
        return code;
      })
      .toMatch(/^\d{6}$/);
    return code;
  }
  const shot = async (page: Page, name: string) => {
    await animationsDone(page);
    await page.screenshot({ path: screenshotPath(name), fullPage: true });
  };

  it('signs up on a phone (390 px) with the texted code', async () => {
    const { context, page, errors } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(`${stack.url}/register`);
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    await shot(page, 'phone-register--390.png');
    await page.getByLabel('Phone number').fill(`0${national}`);
    await page.getByLabel('Username').fill(username);
    await page.getByRole('checkbox', { name: /18 or older/ }).check();
    const asked = Date.now() - 1000;
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText(`We sent a 6-digit code to`).waitFor();
    await expect.poll(() => page.getByText(/Resend code in \d+s/).count()).toBe(1);
    await shot(page, 'phone-code--390.png');
    await page.getByLabel('Code').fill(await codeFor(e164, asked));
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${stack.url}/`);
    await expect.poll(() => page.getByText('Registration successful! Welcome.').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in on a desktop (1366 px) with a new code; the number now has an account', async () => {
    const { context, page, errors } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await page.goto(`${stack.url}/login`);
    await page.getByRole('button', { name: 'Phone', exact: true }).click();
    await shot(page, 'phone-login--1366.png');
    await page.getByLabel('Phone number').fill(e164);
    const asked = Date.now() - 1000;
    // the number's one-a-minute resend limit: the first code was sent moments ago
    await page.getByRole('button', { name: 'Send code' }).click();
    const wait = page.getByText(/Please wait \d+ seconds before requesting another code/);
    await expect.poll(() => wait.count()).toBeGreaterThan(0);
    await shot(page, 'phone-throttled--1366.png');
    // time is what is tested: a minute later the resend limit has run out
    await page.waitForTimeout(61_000);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByLabel('Code').waitFor();
    await shot(page, 'phone-code--1366.png');
    await page.getByLabel('Code').fill(await codeFor(e164, asked));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${stack.url}/`);
    await expect.poll(() => page.getByText('Logged in successfully!').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
