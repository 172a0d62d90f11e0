import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LocalAccounts {
  ADMIN_PASSWORD: string;
  DEMO_PASSWORD: string;
  /** true on the start that made them: the only time they are printed */
  generated: boolean;
  /** where they are kept */
  file: string;
}

/** Readable, ~96 bits: four groups the password policy accepts and a person can type. */
function newPassword(): string {
  return (randomBytes(12).toString('base64url').match(/.{4}/g) ?? []).join('-');
}

/**
 * The seeded admin's and demo player's passwords for local runs. A constant in the source
 * would be everyone's admin password on every laptop that exposes the port; instead each
 * data folder gets its own, made at first start and kept in DATA_DIR/accounts.json (0600).
 * ADMIN_PASSWORD / DEMO_PASSWORD, when given, win and nothing is written.
 */
export function localAccounts(dataDir: string, env: Record<string, string | undefined>): LocalAccounts {
  const file = join(dataDir, 'accounts.json');
  let stored: { ADMIN_PASSWORD?: string; DEMO_PASSWORD?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  let generated = false;
  const pick = (name: 'ADMIN_PASSWORD' | 'DEMO_PASSWORD') => {
    if (env[name]) return env[name]!;
    if (!stored[name]) {
      stored[name] = newPassword();
      generated = true;
    }
    return stored[name]!;
  };
  const accounts = { ADMIN_PASSWORD: pick('ADMIN_PASSWORD'), DEMO_PASSWORD: pick('DEMO_PASSWORD') };
  if (generated) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return { ...accounts, generated, file };
}

/** 127.0.0.0/8, ::1, localhost: nobody else can connect. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || /^::ffff:127\./.test(h);
}
