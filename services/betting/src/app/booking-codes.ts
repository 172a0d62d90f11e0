import { notFound } from '@bet/kit';
import { newBookingCode, normalizeBookingCode } from '../domain/share-code';
import type { Ctx } from './types';

const ATTEMPTS = 5;

/** Gives a shared slip its booking code (a fresh code is drawn again on the rare collision). */
export async function assignBookingCode(ctx: Ctx, shareId: string): Promise<string> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const code = newBookingCode();
    const row = await ctx.db
      .insertInto('booking_codes')
      .values({ code, share_id: shareId })
      .onConflict((oc) => oc.doNothing())
      .returning('code')
      .executeTakeFirst();
    if (row) return row.code;
  }
  throw new Error('no free booking code after several attempts');
}

/** The share id a booking code names; 404 for a code nobody issued. */
export async function resolveBookingCode(ctx: Ctx, typed: string): Promise<string> {
  const code = normalizeBookingCode(typed);
  const row = code
    ? await ctx.db.selectFrom('booking_codes').select('share_id').where('code', '=', code).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('Booking code not found');
  return row.share_id;
}

/** The booking code of a shared slip, if it has one (slips shared before codes existed do not). */
export async function bookingCodeOf(ctx: Ctx, shareId: string): Promise<string | null> {
  const row = await ctx.db
    .selectFrom('booking_codes')
    .select('code')
    .where('share_id', '=', shareId)
    .executeTakeFirst();
  return row?.code ?? null;
}
