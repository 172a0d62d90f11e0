import { newId } from '@bet/kit';
import type { Mail } from '../domain/mail';
import type { Db } from './db';

export async function keepMail(db: Db, mail: Mail): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({ id: newId(), to_address: mail.to, subject: mail.subject, text: mail.text, html: mail.html })
    .execute();
}

/** The newest 50 mails kept, optionally only those to one address. */
export async function recentMail(db: Db, to?: string) {
  let q = db
    .selectFrom('mail_outbox')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50);
  if (to !== undefined) q = q.where('to_address', '=', to);
  return q.execute();
}
