import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type TestInfrastructure, testInfrastructure } from '@bet/kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway } from './helpers';

const repo = resolve(import.meta.dirname, '../..');
const webRoots = {
  shell: resolve(repo, 'web-shell/dist'),
  player: resolve(repo, 'web-player/dist'),
  admin: resolve(repo, 'web-admin/dist'),
};
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const built =
  existsSync(resolve(webRoots.shell, 'index.html')) && existsSync(resolve(webRoots.player, 'remoteEntry.js'));

// The real bundles in a real browser under the gateway's CSP: the check that the policy
// lets the shell and its remotes run. Needs `npm run build:web` and Chromium.
describe.skipIf(!built || !existsSync(chromiumPath))("the built web app under the gateway's headers", () => {
  let infra: TestInfrastructure;
  let gw: Awaited<ReturnType<typeof startGateway>>;

  beforeAll(async () => {
    infra = await testInfrastructure({ kind: 'embedded' });
    gw = await startGateway(infra, { upstreams: {}, webRoots });
  });
  afterAll(async () => {
    await gw?.close();
    await infra?.close();
  });

  it('renders the shell and the player remote with no CSP violation', async () => {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
      });
      page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      const remoteEntry = page.waitForResponse((r) => r.url().endsWith('/remotes/player/remoteEntry.js'), {
        timeout: 20_000,
      });
      await page.goto(`${gw.url}/live`, { waitUntil: 'networkidle', timeout: 20_000 });
      expect((await remoteEntry).status()).toBe(200);
      // the theme script ran (inline, allowed by its hash) and the app rendered into #root
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toMatch(/^(light|dark)$/);
      expect(((await page.locator('#root').textContent()) ?? '').length).toBeGreaterThan(20);
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
