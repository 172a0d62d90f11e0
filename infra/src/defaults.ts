import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * The laptop defaults: a ready admin and demo player so a newcomer can sign in at once.
 * Their passwords are generated per data folder (accounts.ts), never constants here.
 * Override with ADMIN_EMAIL / ADMIN_PASSWORD / DEMO_EMAIL / DEMO_PASSWORD.
 */
export const LOCAL_DEFAULTS = {
  ADMIN_EMAIL: 'admin@betplatform.local',
  ADMIN_USERNAME: 'admin',
  DEMO_EMAIL: 'demo@betplatform.local',
  DEMO_USERNAME: 'demo',
  /** dollars credited once to the demo player so it can bet right away (naira: demoOpeningBalance) */
  DEMO_OPENING_BALANCE: '1000',
} as const;

/**
 * The demo player's opening balance in the deployment's currency: DEMO_OPENING_BALANCE when the
 * operator set it, else $1,000, or ₦1,000,000 in a naira deployment.
 */
export function demoOpeningBalance(env: Record<string, string | undefined>): number {
  const set = process.env.DEMO_OPENING_BALANCE;
  if (set !== undefined && set !== '') return Number(set);
  return env.CURRENCY === 'NGN' ? 1_000_000 : Number(LOCAL_DEFAULTS.DEMO_OPENING_BALANCE);
}

/** Where the built bundles are: each package's dist, or <WEB_DIST_ROOT>/<package> when that is set. */
export function webRoots(root = REPO_ROOT, distRoot = process.env.WEB_DIST_ROOT) {
  const dir = (pkg: string) => (distRoot ? resolve(distRoot, pkg) : resolve(root, pkg, 'dist'));
  return { shell: dir('web-shell'), player: dir('web-player'), admin: dir('web-admin') };
}
