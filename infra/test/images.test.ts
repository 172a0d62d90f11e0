import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/defaults';

// infra/Dockerfile read as text: what `npm run images:smoke` cannot see without building.
const dockerfile = readFileSync(resolve(REPO_ROOT, 'infra/Dockerfile'), 'utf8');
const workspaces = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package.json'), 'utf8'))
  .workspaces as string[];

describe('infra/Dockerfile', () => {
  it('installs from the lockfile with npm ci, after copying only the manifests of every workspace', () => {
    const install = dockerfile.indexOf('RUN npm ci');
    expect(install).toBeGreaterThan(0);
    expect(dockerfile).not.toMatch(/npm install/);
    // the whole tree comes in only after the install: a source edit does not reinstall
    expect(dockerfile.indexOf('COPY . .')).toBeGreaterThan(install);
    for (const w of workspaces) expect(dockerfile, w).toContain(`COPY ${w}/package.json ${w}/`);
  });

  it('runs node under tini, as a non-root user, checking migrations rather than running them', () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(/ENTRYPOINT \["\/usr\/local\/bin\/tini", "--"\]/);
    expect(runtime).toMatch(/USER 1000:1000/);
    expect(runtime).toMatch(/MIGRATIONS=check/);
    expect(runtime).toMatch(/org\.opencontainers\.image\.revision="\$\{COMMIT\}"/);
  });
});
