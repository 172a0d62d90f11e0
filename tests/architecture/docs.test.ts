import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The docs that describe the code's layout say what is there (issue 30, item 19). */
const root = resolve(import.meta.dirname, '../..');
const read = (p: string) => readFileSync(join(root, p), 'utf8');
const services = readdirSync(join(root, 'services')).filter(
  (n) => n !== 'kit' && statSync(join(root, 'services', n)).isDirectory(),
);

describe('the docs match the code', () => {
  it("the root README's diagram and folder table name every service", () => {
    const readme = read('README.md');
    const diagram = readme.slice(readme.indexOf('## Architecture'));
    const block = diagram.slice(diagram.indexOf('```'), diagram.indexOf('```', diagram.indexOf('```') + 3));
    expect(services.length).toBe(7);
    for (const name of services) {
      expect(block, `diagram: ${name}`).toMatch(new RegExp(`\\b${name}\\b`));
      expect(readme, `folder table: ${name}`).toContain(`| \`services/${name}/\` |`);
    }
  });

  it("every test file a service README names exists (beside the service or in the repository's tests/)", () => {
    const missing: string[] = [];
    for (const name of services) {
      const text = read(`services/${name}/README.md`);
      for (const [, path] of text.matchAll(/`((?:test|tests|src)\/[\w./*-]+\.test\.tsx?)`/g)) {
        if (path.includes('*')) continue;
        if (!existsSync(join(root, 'services', name, path)) && !existsSync(join(root, path)))
          missing.push(`services/${name}/README.md: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('the AI README does not call its built screens "not yet" built', () => {
    expect(read('services/ai/README.md')).not.toMatch(/not yet:? the screens/i);
  });

  it("docs/service-shape.md's examples quote files that exist and names they declare", () => {
    const doc = read('docs/service-shape.md');
    const problems: string[] = [];
    for (const block of doc.matchAll(/```ts\n([\s\S]*?)```/g)) {
      let file: string | null = null;
      for (const line of block[1]!.split('\n')) {
        const named = line.match(/^\/\/ (services\/[\w/.-]+\.ts)/);
        if (named) {
          file = named[1]!;
          if (!existsSync(join(root, file))) problems.push(`${file} does not exist`);
          continue;
        }
        const declared = line.match(/^export (?:const|interface|type|async function|function) (\w+)/);
        if (declared && !file) problems.push(`${declared[1]}: an example that names no file of the code`);
        if (declared && file && existsSync(join(root, file))) {
          const source = read(file);
          if (
            !new RegExp(`export (?:const|interface|type|async function|function) ${declared[1]}\\b`).test(
              source,
            )
          )
            problems.push(`${file} declares no ${declared[1]}`);
        }
      }
      // the quoted parts of a context: every field of the Parts interface is one the code has
      const parts = block[1]!.match(/export interface (\w+Parts) \{([\s\S]*?)\n\}/);
      const ctxFile = block[1]!.match(/^\/\/ (services\/[\w/.-]+context\.ts)/m)?.[1];
      if (parts && ctxFile) {
        const code = read(ctxFile);
        const body = code.slice(code.indexOf(`export interface ${parts[1]} {`));
        for (const [, field] of parts[2]!.matchAll(/^\s+(\w+)\??:/gm))
          if (!new RegExp(`^\\s+${field}\\??:`, 'm').test(body.slice(0, body.indexOf('\n}'))))
            problems.push(`${ctxFile}: ${parts[1]} has no ${field}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
