import { newId } from '@bet/kit';
import type { Db } from './db';

export async function keepSms(db: Db, sms: { to: string; text: string }): Promise<void> {
  await db.insertInto('sms_outbox').values({ id: newId(), to_number: sms.to, text: sms.text }).execute();
}

/** The newest 50 texts kept, optionally only those to one number (E.164). */
export async function recentSms(db: Db, to?: string) {
  let q = db
    .selectFrom('sms_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50);
  if (to !== undefined) q = q.where('to_number', '=', to);
  return q.execute();
}
