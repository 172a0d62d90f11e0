import type { BuiltChain } from '../domain/chain';
import type { Db } from './db';

export interface StoredChain extends BuiltChain {
  salt: string;
}

export async function loadChain(db: Db): Promise<StoredChain | null> {
  const row = await db.selectFrom('chain').selectAll().where('id', '=', 1).executeTakeFirst();
  if (!row) return null;
  const checkpoints = typeof row.checkpoints === 'string' ? JSON.parse(row.checkpoints) : row.checkpoints;
  return {
    seed: row.seed,
    length: row.length,
    every: row.every,
    salt: row.salt,
    terminatingHash: row.terminating_hash,
    checkpoints,
  };
}

/** Stores a chain unless one exists (the first replica to finish wins); returns the one kept. */
export async function saveChain(db: Db, chain: StoredChain): Promise<StoredChain> {
  await db
    .insertInto('chain')
    .values({
      id: 1,
      seed: chain.seed,
      length: chain.length,
      every: chain.every,
      salt: chain.salt,
      terminating_hash: chain.terminatingHash,
      checkpoints: JSON.stringify(chain.checkpoints),
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  return (await loadChain(db))!;
}
