import type { KitContext } from '../config';
import { BookingCodeNotFoundError } from '../domain/errors';
import { newBookingCode, normalizeBookingCode } from '../domain/share-code';
import { bookingCodeOfShare, claimBookingCode, shareOfBookingCode } from '../store/shares';

const ATTEMPTS = 5;

/** Gives a shared slip its booking code (a fresh code is drawn again on the rare collision). */
export async function assignBookingCode(ctx: KitContext, shareId: string): Promise<string> {
  for (let i = 0; i < ATTEMPTS; i++) {
    const code = newBookingCode();
    if (await claimBookingCode(ctx.db, code, shareId)) return code;
  }
  throw new Error('no free booking code after several attempts');
}

/** The share id a booking code names; refused for a code nobody issued. */
export async function resolveBookingCode(ctx: KitContext, typed: string): Promise<string> {
  const code = normalizeBookingCode(typed);
  const shareId = code ? await shareOfBookingCode(ctx.db, code) : undefined;
  if (!shareId) throw new BookingCodeNotFoundError();
  return shareId;
}

/** The booking code of a shared slip, if it has one (slips shared before codes existed do not). */
export function bookingCodeOf(ctx: KitContext, shareId: string): Promise<string | null> {
  return bookingCodeOfShare(ctx.db, shareId);
}
