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
    // also a field of them, or one with a default: `req.body.source as X`, `(req.body ?? {}) as X`
    [/\breq\.(body|query|params)\b[^;,=]*?\)? as [A-Z{]/, 'a cast of what the route schema already types'],
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

describe('the error rule (docs/STYLE_GUIDE.md): statuses only in routes/', () => {
  // the kit's HTTP errors and their helpers; domain, app, store, consumers and jobs throw
  // named refusals (domain/errors.ts) and routes/errors.ts alone gives each code its status
  const HTTP_HELPERS = new Set([
    'HttpError',
    'badRequest',
    'unauthorized',
    'forbidden',
    'notFound',
    'conflict',
    'unprocessable',
    'tooManyRequests',
  ]);
  const KIT_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@bet\/kit(?:\/[\w-]+)?'/g;

  it.each(services)('%s throws no HTTP status outside routes/', (name) => {
    const src = join(servicesDir, name, 'src');
    const found = files(src)
      .filter((f) => !f.endsWith('.test.ts') && !/^routes\//.test(relative(src, f)))
      .flatMap((f) => {
        const rel = relative(src, f);
        const text = readFileSync(f, 'utf8');
        const out: string[] = [];
        for (const [, names] of text.matchAll(KIT_IMPORT))
          for (const n of names.split(',').map(
            (x) =>
              x
                .replace(/^\s*type\s+/, '')
                .trim()
                .split(/\s+as\s+/)[0],
          ))
            if (HTTP_HELPERS.has(n)) out.push(`${rel}: imports ${n}`);
        if (/\bstatusCode\b/.test(text)) out.push(`${rel}: reads or sets a statusCode`);
        // an answer's status written out (`{ status: 401, body }`): a refusal by name instead
        if (/\bstatus:\s*[1-5]\d\d\b/.test(text)) out.push(`${rel}: writes an HTTP status`);
        return out;
      });
    expect(found).toEqual([]);
  });

  it.each(services)("%s's routes/errors.ts answers every refusal of its domain/errors.ts", async (name) => {
    const def = await definitionOf(name);
    const refusals = (await import(join(servicesDir, name, 'src/domain/errors.ts'))) as Record<
      string,
      unknown
    >;
    // refusal(code) classes name their code; a class whose code is given where it is thrown
    // (another service's reason passed on) says so in domain/errors.ts
    const codes = Object.entries(refusals).flatMap(([exported, v]) => {
      const code = typeof v === 'function' ? (v as { code?: unknown }).code : undefined;
      return typeof code === 'string' ? [[exported, code] as const] : [];
    });
    expect(codes.length, `${name}/src/domain/errors.ts names its refusals`).toBeGreaterThan(0);
    const table = def.errors ?? {};
    const unanswered = codes.filter(([, code]) => !Object.hasOwn(table, code)).map(([e, c]) => `${e} (${c})`);
    expect(unanswered).toEqual([]);
  });
});
