import { sql } from 'kysely';
import type { DB } from '../context';

/**
 * A lease row: whoever holds an unexpired lease does the job (drive the simulator, run a
 * scheduled sync); the holder renews it each time, and another replica takes over once a
 * holder stops renewing. Time is the database's, so replicas' clocks need not agree.
 */
export async function acquireLease(db: DB, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const row = await sql<{ holder: string }>`
    insert into leases (name, holder, expires_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${ttlMs / 1000}))
    on conflict (name) do update set holder = excluded.holder, expires_at = excluded.expires_at
      where leases.holder = excluded.holder or leases.expires_at < now()
    returning holder`.execute(db);
  return row.rows.length === 1;
}

export async function releaseLease(db: DB, name: string, holder: string) {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
