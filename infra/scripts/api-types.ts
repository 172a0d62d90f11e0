/**
 * Writes api-types/src/openapi.ts: the types of every public call, generated from the route
 * schemas of the running services (the embedded platform, started in a temporary folder).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_TYPES_FILE, apiTypesSource } from '../src/api-types';
import { startEmbedded } from '../src/embedded';

const dataDir = await mkdtemp(join(tmpdir(), 'api-types-'));
const platform = await startEmbedded({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
});
try {
  const docs = await Promise.all(
    platform.services.map(async (s) => ({
      name: s.name,
      doc: await (await fetch(`${s.url}/openapi.json`)).json(),
    })),
  );
  await writeFile(API_TYPES_FILE, await apiTypesSource(docs));
  console.log(`wrote ${API_TYPES_FILE}`);
} finally {
  await platform.stop();
  await rm(dataDir, { recursive: true, force: true });
}
