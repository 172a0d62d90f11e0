import type { AppContext } from '../context';
import { recentMail } from '../store/mail-outbox';

/** The development outbox, newest first, with the links of each mail picked out. */
export async function outboxMail(ctx: AppContext, to?: string) {
  const rows = await recentMail(ctx.db, to ? to.trim().toLowerCase() : undefined);
  return rows.map((m) => ({
    to: m.to_address,
    subject: m.subject,
    text: m.text,
    links: [...m.text.matchAll(/https?:\/\/\S+/g)].map((x) => x[0]),
    createdAt: new Date(m.created_at).toISOString(),
  }));
}
