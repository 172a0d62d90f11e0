import type { Db } from './db';

export async function insertShare(
  db: Db,
  s: {
    id: string;
    betType: 'single' | 'multi';
    selections: Array<{ gameId: string; market?: string; outcome: string }>;
    createdBy: string | null;
  },
): Promise<void> {
  await db
    .insertInto('shares')
    .values({
      id: s.id,
      bet_type: s.betType,
      selections: JSON.stringify(s.selections),
      created_by: s.createdBy,
      created_at: new Date(),
    })
    .execute();
}

export function shareById(db: Db, shareId: string) {
  return db.selectFrom('shares').selectAll().where('id', '=', shareId).executeTakeFirst();
}

/** Gives the share this code unless the code is taken; true if it was free. */
export async function claimBookingCode(db: Db, code: string, shareId: string): Promise<boolean> {
  const row = await db
    .insertInto('booking_codes')
    .values({ code, share_id: shareId })
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .executeTakeFirst();
  return row !== undefined;
}

export async function shareOfBookingCode(db: Db, code: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('booking_codes')
    .select('share_id')
    .where('code', '=', code)
    .executeTakeFirst();
  return row?.share_id;
}

export async function bookingCodeOfShare(db: Db, shareId: string): Promise<string | null> {
  const row = await db
    .selectFrom('booking_codes')
    .select('code')
    .where('share_id', '=', shareId)
    .executeTakeFirst();
  return row?.code ?? null;
}
