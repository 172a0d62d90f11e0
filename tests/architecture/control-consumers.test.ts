import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { NEVER_GIVE_UP } from '@bet/kit';
import { describe, expect, it } from 'vitest';

/**
 * Issue 30 item 3: a consumer that carries money, player protection (limits, self-exclusion),
 * roles, closures, revocations or the audit log never gives up on an event. A database outage
 * longer than the back-off must be waited out: a dropped self-exclusion lets a player keep
 * betting, a dropped admin action vanishes from the audit log.
 *
 * Every durable consumer of every service is listed here with its decision, so a new one fails
 * this test until someone decides whether it may drop events.
 */
const NEVER: Record<string, string> = {
  'wallet-bets': 'money: settlements, refunds, cash-outs',
  'wallet-aviator': 'money: Aviator wins and losses',
  'wallet-users': 'closure: a closed wallet pays nothing out',
  'betting-games-results': 'money: results settle every bet of a game',
  'betting-users': 'limits, self-exclusion and closure that placement and reserve_stake enforce',
  'betting-promotions': 'money: a boost or acca bonus withdrawn by the admin must stop being paid (issue 33)',
  'admin-audit': 'the audit log of admin actions',
  'admin-users': 'roles and closures the back office shows and acts on',
  'identity-revocations': 'a revoked session must stop working',
};

/** Consumers that may give up after the default deliveries: read models that the next event repairs. */
const MAY_DROP: Record<string, string> = {
  'betting-games-catalogue': 'snapshots: the next one replaces it',
  'betting-games-odds': 'prices: the next tick replaces it',
  'admin-wallet-transactions': 'dashboard figures (the ledger stays the record)',
  'admin-bets': 'bet history read model',
  'admin-games': 'games read model',
  'games-bet-interest': 'which games have bets (a hint for the simulator)',
  'ai-games-calendar': "the analyst's calendar",
  'ai-bets-record': "the analyst's bet record",
};

/** Subjects that carry protection, roles, closure, revocation or audit: whoever consumes them never gives up. */
const CONTROL_SUBJECTS = [
  'user.updated',
  'user.deleted',
  'user.role_changed',
  'user.sessions_revoked',
  'wallet.withdrawal_processed',
  'games.admin_action',
];

const servicesDir = resolve(import.meta.dirname, '../../services');

async function durableConsumers() {
  const names = readdirSync(servicesDir).filter(
    (n) => n !== 'kit' && statSync(join(servicesDir, n)).isDirectory(),
  );
  const found: Array<{ service: string; durable: string; subjects: string[]; maxDeliver?: number }> = [];
  for (const name of names) {
    const mod = (await import(join(servicesDir, name, 'src/index.ts'))) as Record<string, any>;
    const def = Object.values(mod).find((v) => v && typeof v === 'object' && 'migrations' in v);
    for (const m of def.consumers ?? []) {
      if (m.kind !== 'consumer') continue;
      found.push({
        service: name,
        durable: m.durable,
        subjects: m.events.map((e: { subject: string }) => e.subject),
        maxDeliver: m.maxDeliver,
      });
    }
  }
  return found;
}

describe('consumers of money, protection, roles and audit never give up', () => {
  it('every durable consumer is classified, and the protected ones use NEVER_GIVE_UP', async () => {
    const consumers = await durableConsumers();
    const unclassified = consumers.map((c) => c.durable).filter((d) => !(d in NEVER) && !(d in MAY_DROP));
    expect(unclassified, 'classify each new consumer in NEVER or MAY_DROP').toEqual([]);
    const gone = [...Object.keys(NEVER), ...Object.keys(MAY_DROP)].filter(
      (d) => !consumers.some((c) => c.durable === d),
    );
    expect(gone, 'listed consumers that no longer exist').toEqual([]);

    const mustNever = consumers.filter(
      (c) => c.durable in NEVER || c.subjects.some((s) => CONTROL_SUBJECTS.includes(s)),
    );
    const dropping = mustNever
      .filter((c) => c.maxDeliver !== NEVER_GIVE_UP)
      .map((c) => `${c.service}/${c.durable} (${c.subjects.join(', ')})`);
    expect(dropping).toEqual([]);
    // a consumer of a control subject cannot be filed under MAY_DROP
    expect(mustNever.filter((c) => c.durable in MAY_DROP).map((c) => c.durable)).toEqual([]);
  }, 60_000);
});
