// After the web build: writes into the shell's index.html the files its first screen needs
// (the shell's and the player remote's start-up chunks, and the chunks of the landing pages
// below), from each bundle's chunk-groups.json (web-shell/rspack.base.mjs). The page preloads
// them all at once: on a slow phone the files otherwise arrive in four waves, each waiting for
// the script before it to run (issue 34, first odds in under 2 s at 1.6 Mbps / 150 ms).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const dist = (pkg) =>
  process.env.WEB_DIST_ROOT ? join(process.env.WEB_DIST_ROOT, pkg) : join(ROOT, pkg, 'dist');

// The player's pages a visitor lands on, by path (a path ending in / stands for the paths
// under it), and the chunk group each one's page is built into (web-player/src/routes.tsx).
// A hint only saves time: a page missing here loads as before.
export const LANDING_PAGES = { '/': 'home', '/live': 'live', '/aviator': 'aviator', '/match/': 'match' };

const read = (pkg) => {
  const path = join(dist(pkg), 'chunk-groups.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { startup: [], groups: {} };
};

export function preloadFiles(shell, player) {
  const startup = [...shell.startup, ...player.startup];
  const pages = {};
  for (const [path, group] of Object.entries(LANDING_PAGES))
    if (player.groups[group]) pages[path] = player.groups[group].filter((f) => !startup.includes(f));
  return { startup, pages };
}

const MARKER = /(<script type="application\/json" id="preload-files">)[^<]*(<\/script>)/;

/** `html` with `files` in its #preload-files element (JSON in a script element is never run). */
export function withPreloads(html, files) {
  if (!MARKER.test(html)) throw new Error('the shell page has no #preload-files element to fill');
  // `<` escaped: a file name can never end the element early
  const json = JSON.stringify(files).replace(/</g, '\\u003c');
  return html.replace(MARKER, (_, open, close) => `${open}${json}${close}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = join(dist('web-shell'), 'index.html');
  const files = preloadFiles(read('web-shell'), read('web-player'));
  writeFileSync(page, withPreloads(readFileSync(page, 'utf8'), files));
  const count = files.startup.length + Object.values(files.pages).reduce((n, f) => n + f.length, 0);
  console.log(`preload hints: ${count} files in ${page}`);
}
