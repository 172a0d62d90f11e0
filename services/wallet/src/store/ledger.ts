import { isCheckViolation, newId, recordEvents } from '@bet/kit';
import { WalletTransactionPosted } from '@bet/proto-events';
import { accountId, bonusAccountId, type SystemAccount } from '../domain/accounts';
import { AccountClosedError, IdempotencyConflictError, InsufficientFundsError } from '../domain/errors';
import { normalizePostings, type Posting } from '../domain/postings';
import { fingerprint } from '../domain/references';
import type { TxType, UserTxType } from '../domain/transactions';
import type { Trx } from './db';
import { insertPostings } from './ledger-batch';

export interface PostInput {
  key: string;
  type: TxType;
  /** the wallet this transaction is about, if any (must be the wallet its postings touch) */
  userId: string | null;
  reference: string;
  description: string;
  /** the signed amount the caller asked for: a replay must ask for the same */
  requested: bigint;
  actorId?: string | null;
  metadata?: Record<string, unknown>;
  /** a closed wallet still receives money; set to let a movement take from one too */
  allowClosedDebit?: boolean;
}

export interface Posted {
  /** false when there was nothing to move (e.g. a loss with no stake held) */
  posted: boolean;
  duplicate: boolean;
  transactionId: string;
  createdAt: Date;
  /** the signed movement on the wallet and its balance after, when it touched one */
  userAmount: bigint | null;
  balanceAfter: bigint | null;
  /** the same for the player's bonus account (wallet-007), when it touched it */
  bonusAmount?: bigint | null;
  bonusBalanceAfter?: bigint | null;
}

/**
 * Writes one balanced transaction, exactly once per idempotency key.
 *
 * The key is claimed first (unique constraint): a concurrent twin waits on the index entry
 * and then sees a duplicate, so `plan` — which may lock and read holds or balances — only
 * ever runs for the request that owns the key. The wallet update is one `balance = balance
 * + delta`; the CHECK constraint refuses a negative result, which is the insufficient-funds
 * answer. Every error rolls the caller's whole database transaction back.
 */
export async function postTransaction(
  trx: Trx,
  input: PostInput,
  plan: () => Promise<Posting[]> | Posting[],
): Promise<Posted> {
  const id = newId();
  const fp = fingerprint({ type: input.type, userId: input.userId, amount: input.requested });
  const claimed = await trx
    .insertInto('transactions')
    .values({
      id,
      idempotency_key: input.key,
      type: input.type,
      user_id: input.userId,
      reference: input.reference,
      description: input.description,
      fingerprint: fp,
      actor_id: input.actorId ?? null,
      metadata: JSON.stringify(input.metadata ?? {}),
    })
    .onConflict((oc) => oc.constraint('transactions_idempotency_key').doNothing())
    .returning(['id', 'created_at'])
    .executeTakeFirst();
  if (!claimed) return existing(trx, input.key, fp);

  const postings = normalizePostings(await plan());
  if (postings.length === 0) {
    await trx.deleteFrom('transactions').where('id', '=', id).execute();
    return {
      posted: false,
      duplicate: false,
      transactionId: id,
      createdAt: claimed.created_at,
      userAmount: null,
      balanceAfter: null,
    };
  }
  const userPosting = postings.find((p) => p.account.kind === 'user');
  const bonusPosting = postings.find((p) => p.account.kind === 'bonus');
  if (userPosting && accountId(userPosting.account) !== input.userId)
    throw new Error('postings touch a wallet other than the transaction user');
  if (
    bonusPosting &&
    (input.userId === null || accountId(bonusPosting.account) !== bonusAccountId(input.userId))
  )
    throw new Error('postings touch a bonus account other than the transaction user');
  if (!userPosting && !bonusPosting && input.userId !== null) {
    await trx.updateTable('transactions').set({ user_id: null }).where('id', '=', id).execute();
  }

  let balanceAfter: bigint | null = null;
  if (userPosting)
    balanceAfter = await moveWallet(
      trx,
      input.userId as string,
      userPosting.amount,
      input.allowClosedDebit ?? false,
    );

  // the cash wallet first, then the bonus account: every transaction locks them in that order
  let bonusBalanceAfter: bigint | null = null;
  if (bonusPosting) bonusBalanceAfter = await moveBonus(trx, input.userId as string, bonusPosting.amount);

  await insertPostings(trx, [
    { transactionId: id, postings, userBalanceAfter: balanceAfter, bonusBalanceAfter },
  ]);

  if (userPosting && balanceAfter !== null)
    await recordPosted(trx, [
      {
        transactionId: id,
        userId: input.userId as string,
        type: input.type as UserTxType,
        amount: userPosting.amount,
        balanceAfter,
        reference: input.reference,
        description: input.description,
        createdAt: new Date(claimed.created_at),
      },
    ]);
  return {
    posted: true,
    duplicate: false,
    transactionId: id,
    createdAt: claimed.created_at,
    userAmount: userPosting?.amount ?? null,
    balanceAfter,
    bonusAmount: bonusPosting?.amount ?? null,
    bonusBalanceAfter,
  };
}

/**
 * Applies a signed movement to a player's bonus account (opened on first use). The CHECK
 * that keeps a wallet at zero or above keeps the bonus account there too.
 */
async function moveBonus(trx: Trx, userId: string, delta: bigint): Promise<bigint> {
  const id = bonusAccountId(userId);
  const update = () =>
    trx
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', delta.toString()) }))
      .where('id', '=', id)
      .where('kind', '=', 'bonus')
      .returning('balance')
      .executeTakeFirst();
  try {
    let row = await update();
    if (!row) {
      await trx
        .insertInto('accounts')
        .values({ id, kind: 'bonus', balance: 0 })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      row = await update();
    }
    if (!row || row.balance === null) throw new Error(`bonus account ${id} could not be opened`);
    return BigInt(row.balance);
  } catch (err) {
    if (isCheckViolation(err, 'accounts_user_balance_non_negative')) throw new InsufficientFundsError();
    throw err;
  }
}

/** A player's bonus balance in cents (0 when none was ever granted). */
export async function bonusBalance(db: Trx, userId: string): Promise<bigint> {
  const row = await db
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', bonusAccountId(userId))
    .where('kind', '=', 'bonus')
    .executeTakeFirst();
  return row?.balance ? BigInt(row.balance) : 0n;
}

/** A wallet's line of a transaction, as announced in `wallet.transaction_posted`. */
export interface PostedLine {
  transactionId: string;
  userId: string;
  type: UserTxType;
  /** the signed movement on the wallet */
  amount: bigint;
  balanceAfter: bigint;
  reference: string;
  description: string;
  createdAt: Date;
}

/** Announces wallet lines (the player's balance and statement follow them), in one outbox insert. */
export async function recordPosted(trx: Trx, lines: PostedLine[]): Promise<void> {
  await recordEvents(
    trx,
    WalletTransactionPosted,
    lines.map((l) => ({
      data: {
        transactionId: l.transactionId,
        userId: l.userId,
        type: l.type,
        amountCents: Number(l.amount),
        balanceAfterCents: Number(l.balanceAfter),
        reference: l.reference,
        description: l.description,
        createdAt: l.createdAt.toISOString(),
      },
    })),
  );
}

async function existing(trx: Trx, key: string, fp: string): Promise<Posted> {
  const row = await trx
    .selectFrom('transactions as t')
    .leftJoin('postings as p', (j) =>
      j.onRef('p.transaction_id', '=', 't.id').onRef('p.account_id', '=', 't.user_id'),
    )
    .select(['t.id', 't.fingerprint', 't.created_at', 'p.amount', 'p.balance_after'])
    .where('t.idempotency_key', '=', key)
    .executeTakeFirstOrThrow();
  if (row.fingerprint !== fp) throw new IdempotencyConflictError();
  return {
    posted: true,
    duplicate: true,
    transactionId: row.id,
    createdAt: row.created_at,
    userAmount: row.amount === null ? null : BigInt(row.amount),
    balanceAfter: row.balance_after === null ? null : BigInt(row.balance_after),
  };
}

/** Applies a signed movement to a wallet (opening it on first use) and returns the new balance. */
async function moveWallet(
  trx: Trx,
  userId: string,
  delta: bigint,
  allowClosedDebit: boolean,
): Promise<bigint> {
  const update = () =>
    trx
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', delta.toString()) }))
      .where('id', '=', userId)
      .where('kind', '=', 'user')
      .returning(['balance', 'status'])
      .executeTakeFirst();
  try {
    let row = await update();
    if (!row) {
      await ensureWallet(trx, userId);
      row = await update();
    }
    if (!row || row.balance === null) throw new Error(`wallet ${userId} could not be opened`);
    if (row.status === 'closed' && delta < 0n && !allowClosedDebit) throw new AccountClosedError();
    return BigInt(row.balance);
  } catch (err) {
    if (isCheckViolation(err, 'accounts_user_balance_non_negative')) throw new InsufficientFundsError();
    throw err;
  }
}

export async function ensureWallet(trx: Trx, userId: string) {
  await trx
    .insertInto('accounts')
    .values({ id: userId, kind: 'user', balance: 0 })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** A wallet's balance in cents (0 when it has never been opened). */
export async function walletBalance(db: Trx, userId: string): Promise<bigint> {
  const row = await db
    .selectFrom('accounts')
    .select('balance')
    .where('id', '=', userId)
    .where('kind', '=', 'user')
    .executeTakeFirst();
  return row?.balance ? BigInt(row.balance) : 0n;
}

export async function lockedWalletBalance(
  trx: Trx,
  userId: string,
): Promise<{ balance: bigint; status: 'open' | 'closed' } | undefined> {
  const row = await trx
    .selectFrom('accounts')
    .select(['balance', 'status'])
    .where('id', '=', userId)
    .where('kind', '=', 'user')
    .forUpdate()
    .executeTakeFirst();
  return row ? { balance: BigInt(row.balance ?? 0), status: row.status } : undefined;
}

/** A system account's balance is the sum of its postings (no hot row to update on every stake). */
export async function systemBalance(db: Trx, name: SystemAccount): Promise<bigint> {
  const row = await db
    .selectFrom('postings')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('total'))
    .where('account_id', '=', name)
    .executeTakeFirst();
  return BigInt(row?.total ?? 0);
}

/**
 * A wallet is closed when its account is, or when identity told us the user was deleted
 * (the account closes with that event; the flag answers before it is applied too).
 */
export async function walletClosed(db: Trx, userId: string, opts: { lock?: boolean } = {}): Promise<boolean> {
  let q = db.selectFrom('accounts').select('status').where('id', '=', userId).where('kind', '=', 'user');
  if (opts.lock) q = q.forUpdate();
  const account = await q.executeTakeFirst();
  if (account?.status === 'closed') return true;
  const user = await db.selectFrom('users').select('deleted').where('id', '=', userId).executeTakeFirst();
  return user?.deleted === true;
}

/** Closes a user's wallet, opening it first so that one never used is closed too. */
export async function closeWallet(trx: Trx, userId: string) {
  await ensureWallet(trx, userId);
  await trx
    .updateTable('accounts')
    .set({ status: 'closed' })
    .where('id', '=', userId)
    .where('kind', '=', 'user')
    .execute();
}
