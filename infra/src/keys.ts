import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { generateAuthKeys } from '@bet/kit';
import { stringify } from 'yaml';

/**
 * What an operator must choose before the first start of the container or cluster modes,
 * with fresh secrets: `npm run keys > .env` (docker-compose.yml reads it) or
 * `npm run keys -- --k8s > secret.yaml` (the Kubernetes Secret, infra/k8s). The admin's
 * password and the payment choice are also printed on stderr, so the operator sees them.
 *
 *   --payments sandbox|paystack|flutterwave   sandbox (the default) credits deposits without
 *       any payment and is labelled so in the file, on stderr and in the web (a banner);
 *       a real provider leaves its keys for the operator to fill in: the wallet refuses to
 *       start without them
 *   --admin-email ADDRESS                     the first administrator (admin@example.com)
 *   --database-url URL                        --k8s only: where the cluster's Postgres is
 */
export type PaymentChoice = 'sandbox' | 'paystack' | 'flutterwave';

export interface Setting {
  name: string;
  value: string;
  /** comment lines written above it in .env */
  note?: string[];
}

export const PROVIDER_KEYS: Record<PaymentChoice, string[]> = {
  sandbox: [],
  paystack: ['PAYSTACK_SECRET_KEY'],
  flutterwave: ['FLUTTERWAVE_SECRET_KEY', 'FLUTTERWAVE_WEBHOOK_HASH'],
};

const secret = (bytes = 18) => randomBytes(bytes).toString('base64url');

export async function operatorSettings(
  opts: { payments?: PaymentChoice; adminEmail?: string } = {},
): Promise<Setting[]> {
  const payments = opts.payments ?? 'sandbox';
  const keys = await generateAuthKeys();
  const settings: Setting[] = [
    {
      name: 'JWT_PUBLIC_KEY',
      value: keys.publicKeyPem.trim(),
      note: [
        'Access tokens: identity signs with the private key, every service verifies with the public one',
      ],
    },
    { name: 'JWT_PRIVATE_KEY', value: keys.privateKeyPem.trim() },
    {
      name: 'POSTGRES_PASSWORD',
      value: secret(),
      note: ['The database password and the load balancer cookie key'],
    },
    { name: 'HAPROXY_COOKIE_KEY', value: secret() },
    {
      name: 'ADMIN_EMAIL',
      value: opts.adminEmail ?? 'admin@example.com',
      note: ['The first administrator, created at the first start: sign in and change the password'],
    },
    { name: 'ADMIN_PASSWORD', value: `${secret(12)}-A1` },
  ];
  if (payments === 'sandbox') {
    settings.push(
      {
        name: 'PAYMENT_PROVIDER',
        value: 'sandbox',
        note: [
          '=====================================================================',
          'PAYMENTS: SANDBOX. NO REAL MONEY. Deposits are credited WITHOUT any payment.',
          'For a demo only. For real money: npm run keys -- --payments paystack',
          '(or flutterwave) and fill in the provider keys it leaves empty.',
          '=====================================================================',
        ],
      },
      { name: 'ALLOW_SANDBOX_PAYMENTS', value: 'true' },
      // every wallet replica must sign and check the sandbox checkout with the same secret
      { name: 'SANDBOX_WEBHOOK_SECRET', value: randomBytes(32).toString('hex') },
    );
  } else {
    settings.push({
      name: 'PAYMENT_PROVIDER',
      value: payments,
      note: [`PAYMENTS: ${payments}. Fill in its keys below: the wallet will not start without them`],
    });
    for (const key of PROVIDER_KEYS[payments]) settings.push({ name: key, value: '' });
  }
  return settings;
}

/** .env lines (PEM keys on one line, quoted: Compose reads the \n escapes back) */
export function dotenv(settings: Setting[]): string {
  const lines = [
    '# Written by `npm run keys`: secrets and the choices an operator makes (README, Operating it).',
    '# Keep this file private.',
  ];
  for (const s of settings) {
    for (const n of s.note ?? []) lines.push(`# ${n}`);
    lines.push(`${s.name}=${s.value.includes('\n') ? JSON.stringify(s.value) : s.value}`);
  }
  return `${lines.join('\n')}\n`;
}

/** the Kubernetes Secret infra/k8s reads (stringData: the API server encodes it) */
export function k8sSecret(settings: Setting[], databaseUrl: string): string {
  const password = settings.find((s) => s.name === 'POSTGRES_PASSWORD')?.value ?? '';
  const data: Record<string, string> = {
    DATABASE_URL: databaseUrl.replace('CHANGE-ME', password),
  };
  for (const s of settings)
    if (s.name !== 'POSTGRES_PASSWORD' && s.name !== 'HAPROXY_COOKIE_KEY') data[s.name] = s.value;
  return `# Written by \`npm run keys -- --k8s\`: kubectl apply -f this file (README, Operating it). Keep it private.\n${stringify(
    {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'bet-platform-secrets', namespace: 'bet-platform' },
      type: 'Opaque',
      stringData: data,
    },
    { lineWidth: 0 },
  )}`;
}

export const DEFAULT_K8S_DATABASE_URL =
  'postgres://betting:CHANGE-ME@postgres-postgresql.bet-platform-deps:5432/betting';

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      payments: { type: 'string', default: 'sandbox' },
      'admin-email': { type: 'string' },
      k8s: { type: 'boolean', default: false },
      'database-url': { type: 'string', default: DEFAULT_K8S_DATABASE_URL },
    },
  });
  const payments = values.payments as PaymentChoice;
  if (!(payments in PROVIDER_KEYS)) {
    console.error(`--payments must be one of ${Object.keys(PROVIDER_KEYS).join(', ')}`);
    process.exit(2);
  }
  const settings = await operatorSettings({ payments, adminEmail: values['admin-email'] });
  process.stdout.write(values.k8s ? k8sSecret(settings, values['database-url']) : dotenv(settings));
  const get = (n: string) => settings.find((s) => s.name === n)?.value;
  console.error(
    `Admin account: ${get('ADMIN_EMAIL')} / ${get('ADMIN_PASSWORD')} (created at the first start)`,
  );
  if (payments === 'sandbox')
    console.error(
      'PAYMENTS: SANDBOX - deposits are credited without any payment (demo only). For real money: npm run keys -- --payments paystack',
    );
  else
    console.error(
      `PAYMENTS: ${payments} - fill in ${PROVIDER_KEYS[payments].join(', ')} before the first start`,
    );
}
