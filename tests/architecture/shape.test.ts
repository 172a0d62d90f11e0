import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const servicesDir = join(root, 'services');
const services = readdirSync(servicesDir).filter(
  (n) => n !== 'kit' && statSync(join(servicesDir, n)).isDirectory(),
);

/** the folders of the shape, and what may live in a service's src/ besides them */
const FOLDERS = ['domain', 'app', 'store', 'db', 'routes', 'consumers', 'jobs'];
const OPTIONAL_FOLDERS = ['providers', 'bin'];
const FILES = ['index.ts', 'main.ts', 'config.ts', 'context.ts'];
const SQL = /\b(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

async function definitionOf(name: string) {
  const mod = (await import(join(servicesDir, name, 'src/index.ts'))) as Record<string, any>;
  const defs = Object.values(mod).filter(
    (v) => v && typeof v === 'object' && 'migrations' in v && 'name' in v,
  );
  expect(defs, `${name}/src/index.ts exports one service definition`).toHaveLength(1);
  return defs[0];
}

describe('every service has the shape of docs/service-shape.md', () => {
  // SHAPE_ONLY=wallet checks one service
  const checked = services.filter((s) => !process.env.SHAPE_ONLY || s === process.env.SHAPE_ONLY);
  it.each(checked)('%s', async (name) => {
    const src = join(servicesDir, name, 'src');
    const entries = readdirSync(src);
    for (const f of FILES) expect(entries, `${name}/src/${f}`).toContain(f);
    for (const d of FOLDERS) expect(entries, `${name}/src/${d}/`).toContain(d);
    const stray = entries.filter(
      (e) => statSync(join(src, e)).isDirectory() && ![...FOLDERS, ...OPTIONAL_FOLDERS].includes(e),
    );
    expect(stray, `${name}/src has folders outside the shape`).toEqual([]);

    const def = await definitionOf(name);
    expect(def.name).toBe(name);
    expect(typeof def.context, `${name}: context() builds its objects`).toBe('function');
    expect(def.start, `${name}: no hand-started consumers or timers`).toBeUndefined();
    expect(Array.isArray(def.routes) && def.routes.every((r: any) => r.kind === 'route')).toBe(true);
    expect(Array.isArray(def.consumers ?? []) && (def.consumers ?? []).every((c: any) => c.kind)).toBe(true);
    expect(Array.isArray(def.jobs ?? []) && (def.jobs ?? []).every((j: any) => j.kind === 'job')).toBe(true);

    // all SQL in store/ (and the schema in db/); no Fastify outside routes/
    const misplaced = files(src)
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) => {
        const rel = relative(src, f);
        const text = readFileSync(f, 'utf8');
        const out: string[] = [];
        if (SQL.test(text) && !/^(store|db)\//.test(rel)) out.push(`${rel}: SQL outside store/`);
        if (/from 'fastify'/.test(text) && !/^routes\//.test(rel))
          out.push(`${rel}: Fastify outside routes/`);
        return out;
      });
    expect(misplaced).toEqual([]);
  });
});

describe('the seams are typed', () => {
  // the kit types a consumer's transaction with the service's database and a route's
  // body/query/params from its schema; an unchecked event names its catalogue definition
  const UNTYPED: Array<[RegExp, string]> = [
    [/\btrx as\b/, "a cast of the consumer's transaction"],
    [/\breq\.(body|query|params) as\b/, 'a cast of what the route schema already types'],
    [/\brecordEvent\(\s*\w+,\s*\w+\.subject\b/, 'an event written unchecked (recordEvents checks it)'],
  ];
  it.each(services)('%s', (name) => {
    const src = join(servicesDir, name, 'src');
    const found = files(src)
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            UNTYPED.filter(([re]) => re.test(line)).map(
              ([, what]) => `${relative(src, f)}:${i + 1}: ${what}: ${line.trim()}`,
            ),
          ),
      );
    expect(found).toEqual([]);
  });
});
