/**
 * `npm run migrate`: a release's migration step, run before its replicas start (they only
 * check, MIGRATIONS=check): every service's missing migrations against DATABASE_URL, one
 * schema per service, in start order. Migrations follow expand/contract
 * (docs/decisions/010-migrations-expand-contract.md), so the release still running keeps
 * working beside the new schema. `npm run migrate -- wallet betting` runs only those.
 * In the images the same step is `node main.mjs migrate` (a compose one-shot service, a
 * Kubernetes Job per service).
 */
import { allMigrations, baseConfig, createLogger, loadConfig, openDatabase, Type } from '@bet/kit';
import { SERVICES } from '../services';

const config = loadConfig(
  Type.Object({ DATABASE_URL: baseConfig.DATABASE_URL, LOG_LEVEL: baseConfig.LOG_LEVEL }),
  process.env,
);
const logger = createLogger('migrate', config.LOG_LEVEL);
const only = process.argv.slice(2);
let failed = false;
for (const s of SERVICES.filter((x) => only.length === 0 || only.includes(x.name))) {
  const mod = (await import(s.pkg)) as Record<string, { migrations: Record<string, never> }>;
  const database = await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, schema: s.name });
  try {
    await database.migrate(allMigrations(mod[s.exportName]), logger.child({ service: s.name }), 'apply');
    logger.info({ service: s.name }, 'migrations up to date');
  } catch (err) {
    failed = true;
    logger.error({ err, service: s.name }, 'migration failed');
  } finally {
    await database.close();
  }
}
process.exit(failed ? 1 : 0);
