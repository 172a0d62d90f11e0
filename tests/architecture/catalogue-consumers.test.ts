import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as catalogue from '@bet/proto-events';
import { describe, expect, it } from 'vitest';
import { AVIATOR_SUBJECTS, BRIDGED_SUBJECTS } from '../../gateway/src/domain/bridge';

const servicesDir = resolve(import.meta.dirname, '../../services');

/** subject → who consumes it, read from the code: every service's consumer modules and the gateway's bridge */
async function consumersInCode(): Promise<Map<string, Set<string>>> {
  const found = new Map<string, Set<string>>();
  const add = (subject: string, who: string) =>
    (found.get(subject) ?? found.set(subject, new Set()).get(subject)!).add(who);
  const names = readdirSync(servicesDir).filter(
    (n) => n !== 'kit' && statSync(join(servicesDir, n)).isDirectory(),
  );
  for (const name of names) {
    const mod = (await import(join(servicesDir, name, 'src/index.ts'))) as Record<string, any>;
    const def = Object.values(mod).find((v) => v && typeof v === 'object' && 'migrations' in v);
    for (const m of def.consumers ?? []) {
      const events = m.kind === 'consumer' ? m.events : m.kind === 'listener' ? [m.event] : [];
      for (const e of events) add(e.subject, name);
    }
  }
  for (const subject of [...BRIDGED_SUBJECTS, ...AVIATOR_SUBJECTS]) add(subject, 'gateway');
  return found;
}

describe('the catalogue says who reacts to each event', () => {
  it('lists exactly the services (and the gateway) that consume it', async () => {
    const inCode = await consumersInCode();
    const events = Object.values(catalogue).filter((v: any) => v?.kind === 'event') as Array<{
      subject: string;
      consumers: string[];
    }>;
    const wrong = events
      .map((e) => ({
        subject: e.subject,
        catalogue: [...e.consumers].sort(),
        code: [...(inCode.get(e.subject) ?? [])].sort(),
      }))
      .filter((e) => JSON.stringify(e.catalogue) !== JSON.stringify(e.code));
    expect(wrong).toEqual([]);
    // and nothing is consumed that the catalogue does not define
    const defined = new Set(events.map((e) => e.subject));
    expect([...inCode.keys()].filter((s) => !defined.has(s))).toEqual([]);
  }, 60_000);
});
