// Writes .br and .gz next to every compressible file of the built web bundles, so the
// gateway serves them compressed (@fastify/static preCompressed) at no cost per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt)$/;
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
      const gz = gzipSync(raw, { level: 9 });
      const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
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
