// Writes .br and .gz next to every compressible file of the built web bundles, so the
// gateway serves them compressed (@fastify/static preCompressed) at no cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt)$/;
// A development build (NODE_ENV=development, as the bundles are then built) is 8 MiB of
// unminified code: brotli's slowest setting took a minute of a loaded machine on it. It gets a
// fast setting; a production build the smallest files.
const dev = process.env.NODE_ENV === 'development';
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name) && !name.endsWith('.map')) {
      const raw = readFileSync(path);
      if (raw.length < 1024) continue;
      const gz = gzipSync(raw, { level: dev ? 6 : 9 });
      const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: dev ? 5 : 11 } });
      writeFileSync(`${path}.gz`, gz);
      writeFileSync(`${path}.br`, br);
      files++;
      before += raw.length;
      after += br.length;
    }
  }
}

// WEB_DIST_ROOT: the bundles were built into <root>/<package> instead of <package>/dist.
const root = process.env.WEB_DIST_ROOT;
for (const dir of process.argv.slice(2)) walk(root ? join(root, dir.split('/')[0]) : dir);
console.log(
  `precompressed ${files} files: ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB (brotli)`,
);
