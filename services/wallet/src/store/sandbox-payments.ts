import type { Trx } from './db';

/** The sandbox provider's own record of a charge (what a real provider keeps on its side). */
export async function insertSandboxPayment(
  db: Trx,
  p: { reference: string; providerTxId: string; amountKobo: bigint },
) {
  await db
    .insertInto('sandbox_payments')
    .values({ reference: p.reference, provider_tx_id: p.providerTxId, amount_kobo: p.amountKobo })
    .execute();
}

export async function sandboxPayment(db: Trx, reference: string) {
  return db.selectFrom('sandbox_payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** A charge with the deposit it pays, as the checkout page shows it. */
export async function sandboxCheckout(db: Trx, reference: string) {
  return db
    .selectFrom('sandbox_payments as s')
    .innerJoin('deposits as d', 'd.reference', 's.reference')
    .select([
      's.reference',
      's.provider_tx_id',
      's.amount_kobo',
      's.status',
      'd.amount_cents',
      'd.ngn_per_usd',
    ])
    .where('s.reference', '=', reference)
    .executeTakeFirst();
}
export type SandboxCheckout = NonNullable<Awaited<ReturnType<typeof sandboxCheckout>>>;

/** Settles a pending charge; answers whether this call settled it. */
export async function settleSandboxPayment(db: Trx, reference: string, status: 'paid' | 'cancelled') {
  const updated = await db
    .updateTable('sandbox_payments')
    .set({ status, settled_at: new Date() })
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .returning('status')
    .executeTakeFirst();
  return updated !== undefined;
}
