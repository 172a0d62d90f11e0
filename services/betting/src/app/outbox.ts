import { newId } from '@bet/kit';
import type { Db } from './types';

/**
 * Writes many events of one subject into the kit's outbox in one statement per chunk, in
 * the caller's transaction (settling 100 000 bets one insert at a time would spend most of
 * its time on round trips). Same row format as the kit's `recordEvent`.
 */
export async function recordEvents<T>(
  trx: Db,
  subject: string,
  datas: readonly T[],
  version = 1,
): Promise<void> {
  const occurredAt = new Date();
  for (let i = 0; i < datas.length; i += 500) {
    await trx
      .insertInto('outbox')
      .values(
        datas.slice(i, i + 500).map((data) => ({
          id: newId(),
          subject,
          version,
          occurred_at: occurredAt,
          data: JSON.stringify(data),
        })),
      )
      .execute();
  }
}
