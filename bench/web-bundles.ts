/**
 * What the browser downloads for the web app, gzipped.
 *
 *   node --import tsx bench/web-bundles.ts [--path /] [--list] [--url http://localhost:8080]
 *
 * Needs the built bundles (`npm run build:web`). The three dist folders are served the way the
 * gateway serves them (shell at /, remotes at /remotes/player/ and /remotes/admin/, SPA fallback,
 * API paths answer 404 so no data loads), the machine's Chromium opens the first page as a
 * signed-out visitor, and every script, stylesheet and document it fetched is gzipped (level 9)
 * and summed. Then, per remote: its remoteEntry.js and its largest chunk. `--list` prints every
 * file the page loaded. `--url` loads the page from a running platform instead (`npm start`),
 * and also prints the bytes it actually sent (compressed or not).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const { values: args } = parseArgs({
  options: {
    path: { type: 'string', default: '/' },
    list: { type: 'boolean', default: false },
    url: { type: 'string' },
  },
});

const repo = resolve(import.meta.dirname, '..');
const roots = {
  '/remotes/player/': join(repo, 'web-player/dist'),
  '/remotes/admin/': join(repo, 'web-admin/dist'),
  '/': join(repo, 'web-shell/dist'),
} as const;
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

for (const [prefix, dir] of Object.entries(roots)) {
  const entry = prefix === '/' ? 'index.html' : 'remoteEntry.js';
  if (!existsSync(join(dir, entry))) {
    console.error(`${join(dir, entry)} is missing: run \`npm run build:web\` first`);
    process.exit(1);
  }
}

const gz = (buf: Buffer | string) => gzipSync(buf, { level: 9 }).length;
const kB = (n: number) => `${(n / 1024).toFixed(1).padStart(7)} kB`;

function staticServer(): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (path.startsWith('/api/') || path.startsWith('/socket.io/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"msg":"Not found"}');
      return;
    }
    const [prefix, dir] = Object.entries(roots).find(([p]) => path.startsWith(p))!;
    let file = normalize(join(dir, path.slice(prefix.length)));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      if (prefix !== '/' || extname(path)) {
        res.writeHead(404).end();
        return;
      }
      file = join(dir, 'index.html'); // SPA fallback, as the gateway does
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      done({ server, url: `http://127.0.0.1:${port}` });
    }),
  );
}

interface Loaded {
  path: string;
  type: string;
  raw: number;
  gzip: number;
  /** body bytes as they came over the wire (after any content-encoding) */
  sent: number;
}

async function loadPage(url: string): Promise<Loaded[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const page = await browser.newPage();
    const pending: Promise<Loaded | null>[] = [];
    page.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (!res.url().startsWith(url) || path.startsWith('/api/') || res.status() !== 200) return;
      pending.push(
        Promise.all([res.body(), res.request().sizes()])
          .then(([body, sizes]) => ({
            path,
            type: res.request().resourceType(),
            raw: body.length,
            gzip: gz(body),
            sent: sizes.responseBodySize,
          }))
          .catch(() => null),
      );
    });
    await page.goto(`${url}${args.path}`, { waitUntil: 'networkidle' });
    // the route's own lazy chunk has rendered its heading inside the layout
    await page.locator('#main h1').first().waitFor({ timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    return (await Promise.all(pending)).filter((x): x is Loaded => x !== null);
  } finally {
    await browser.close();
  }
}

function remoteFigures(name: string, dir: string) {
  const files = readdirSync(dir).filter((f) => f.endsWith('.js') || f.endsWith('.css'));
  const sized = files.map((f) => {
    const buf = readFileSync(join(dir, f));
    return { file: f, raw: buf.length, gzip: gz(buf) };
  });
  const entry = sized.find((f) => f.file === 'remoteEntry.js')!;
  const largest = sized.filter((f) => f.file !== 'remoteEntry.js').sort((a, b) => b.gzip - a.gzip)[0];
  const all = sized.reduce((s, f) => s + f.gzip, 0);
  return { name, entry, largest, all, count: sized.length };
}

const { server, url } = args.url ? { server: null, url: args.url.replace(/\/+$/, '') } : await staticServer();
try {
  const loaded = await loadPage(url);
  const total = loaded.reduce(
    (s, f) => ({ raw: s.raw + f.raw, gzip: s.gzip + f.gzip, sent: s.sent + f.sent }),
    {
      raw: 0,
      gzip: 0,
      sent: 0,
    },
  );
  const byOwner = (prefix: string) =>
    loaded
      .filter((f) => (prefix === '/' ? !f.path.startsWith('/remotes/') : f.path.startsWith(prefix)))
      .reduce((s, f) => s + f.gzip, 0);

  console.log(`First page ${args.path} of ${url} (signed-out visitor), as loaded by Chromium, gzip -9:`);
  console.log(
    `  total        ${kB(total.gzip)}  (${kB(total.raw).trim()} uncompressed, ${loaded.length} files)`,
  );
  if (args.url) console.log(`  sent         ${kB(total.sent)}  (what the server actually transferred)`);
  console.log(`  shell        ${kB(byOwner('/'))}`);
  console.log(`  player       ${kB(byOwner('/remotes/player/'))}`);
  console.log(`  admin        ${kB(byOwner('/remotes/admin/'))}  (must be 0 for a visitor)`);
  if (args.list) {
    for (const f of [...loaded].sort((a, b) => b.gzip - a.gzip))
      console.log(`    ${kB(f.gzip)}  ${kB(f.raw)} raw  ${f.type.padEnd(10)} ${f.path}`);
  }
  console.log('');
  console.log('Remotes (gzip -9):');
  for (const r of [
    remoteFigures('player', roots['/remotes/player/']),
    remoteFigures('admin', roots['/remotes/admin/']),
  ]) {
    console.log(`  ${r.name.padEnd(7)} remoteEntry.js ${kB(r.entry.gzip)}`);
    console.log(`  ${''.padEnd(7)} largest chunk  ${kB(r.largest.gzip)}  ${r.largest.file}`);
    console.log(`  ${''.padEnd(7)} all ${String(r.count).padStart(2)} files   ${kB(r.all)}`);
  }
} finally {
  server?.close();
}
