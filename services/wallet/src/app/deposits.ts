import { randomBytes } from 'node:crypto';
import { newId, recordEvents, retryOnConflict, webUrl } from '@bet/kit';
import { moneyKeys, WalletDepositCompleted } from '@bet/proto-events';
import type { AppContext } from '../context';
import { depositRate, koboToCents } from '../domain/amounts';
import {
  AmountTooSmallError,
  ClosedWalletDepositError,
  InvalidSignatureError,
  PaymentProviderDownError,
  PaymentUnconfirmedError,
  UnreadableWebhookError,
} from '../domain/errors';
import { depositPostings } from '../domain/postings';
import {
  checkDeposit,
  depositLimitsFromEvent,
  depositWindows,
  NO_DEPOSIT_LIMITS,
} from '../domain/protection';
import { type Confirmation, type Headers, type PaymentProvider, ProviderError } from '../providers/types';
import type { Trx } from '../store/db';
import {
  claimDeposit,
  closeUncredited,
  depositByReference,
  depositUsage,
  heldDeposits,
  holdDeposit,
  insertDeposit,
  linkDepositTransaction,
  lockDepositsOf,
  markDepositFailed,
} from '../store/deposits';
import { postTransaction, walletClosed } from '../store/ledger';
import { userContact, userProtection } from '../store/users';
import { grantDepositMatches } from './bonus-grants';

export const CLOSED_WALLET_DEPOSIT = 'This account is closed; it cannot take deposits.';

export interface InitializedDeposit {
  paymentLink: string;
  reference: string;
  amountCents: bigint;
}

/**
 * Records the deposit first (so its webhook always finds it), then asks the provider for a
 * checkout link. A provider failure marks the deposit failed and answers 502.
 */
export async function initializeDeposit(
  ctx: AppContext,
  provider: PaymentProvider,
  input: { userId: string; username: string; amountKobo: bigint },
): Promise<InitializedDeposit> {
  if (await walletClosed(ctx.db, input.userId)) throw new ClosedWalletDepositError(CLOSED_WALLET_DEPOSIT);
  const rate = depositRate(ctx.config.CURRENCY, ctx.config.NGN_PER_USD);
  const amountCents = koboToCents(input.amountKobo, rate);
  if (amountCents < 1n) throw new AmountTooSmallError('amount is too small to convert to at least one cent');
  const reference = `dep_${randomBytes(16).toString('hex')}`;
  const id = newId();
  await ctx.db.transaction().execute(async (trx) => {
    // one player's checkouts in turn, so two at once cannot both slip under a deposit limit
    await lockDepositsOf(trx, input.userId);
    await checkDepositProtection(trx, input.userId, amountCents, new Date());
    await insertDeposit(trx, {
      id,
      userId: input.userId,
      provider: provider.name,
      reference,
      amountKobo: input.amountKobo,
      amountCents,
      ngnPerUsd: rate.text,
    });
  });
  const user = await userContact(ctx.db, input.userId);
  try {
    const { paymentLink } = await provider.initialize({
      reference,
      amountKobo: input.amountKobo,
      // providers insist on an email; a wallet that has not heard of the user yet uses a non-routable one
      customer: {
        email: user?.email ?? `${input.userId}@users.invalid`,
        name: user?.username ?? input.username,
      },
      redirectUrl: `${webUrl(ctx.config)}/wallet?deposit=${reference}`,
    });
    return { paymentLink, reference, amountCents };
  } catch (err) {
    await markDepositFailed(ctx.db, id, (err as Error).message.slice(0, 500));
    if (err instanceof ProviderError) {
      ctx.logger.warn({ err, provider: provider.name }, 'deposit initialization failed');
      throw new PaymentProviderDownError();
    }
    throw err;
  }
}

/**
 * A time-out or self-exclusion closes deposits; deposit limits count what was deposited, or
 * is still awaiting payment, in the day, week and month (UTC) so far.
 */
async function checkDepositProtection(trx: Trx, userId: string, amountCents: bigint, now: Date) {
  const user = await userProtection(trx, userId);
  const raw = user?.deposit_limits;
  const limits = raw
    ? depositLimitsFromEvent((typeof raw === 'string' ? JSON.parse(raw) : raw) as never)
    : NO_DEPOSIT_LIMITS;
  const windows = depositWindows(now);
  const anyLimit = Object.values(limits).some((l) => l.limit > 0 || (l.pending?.value ?? 0) > 0);
  let usage = { daily: 0n, weekly: 0n, monthly: 0n };
  if (anyLimit) {
    // biome-ignore lint/complexity/useMathMinMax: Dates (Math.min would give a number)
    const since = windows.weekly < windows.monthly ? windows.weekly : windows.monthly;
    usage = await depositUsage(trx, userId, windows, since);
  }
  checkDeposit(limits, usage, amountCents, user?.excluded_until ? new Date(user.excluded_until) : null, now);
}

/** What a webhook the wallet has dealt with answers (200); a refusal is thrown instead. */
export interface WebhookAnswer {
  msg: string;
}

/**
 * One webhook, whatever the provider: signature → which deposit → ask the provider what
 * really happened → credit once. Duplicates, unknown references and events we do not act on
 * answer 200 so the provider stops retrying; only a bad signature, an unreadable body or an
 * unreachable provider (retry later) are refused (InvalidSignatureError, UnreadableWebhookError,
 * PaymentUnconfirmedError: routes/errors.ts gives their statuses).
 */
export async function handleDepositWebhook(
  ctx: AppContext,
  provider: PaymentProvider,
  headers: Headers,
  rawBody: Buffer,
): Promise<WebhookAnswer> {
  if (!provider.verifySignature(headers, rawBody)) throw new InvalidSignatureError();
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new UnreadableWebhookError();
  }
  const notice = provider.parseWebhook(body);
  if (!notice) return { msg: 'Event ignored.' };
  const deposit = await depositByReference(ctx.db, notice.reference, provider.name);
  if (!deposit) {
    ctx.logger.warn(
      { provider: provider.name, reference: notice.reference },
      'webhook for an unknown deposit reference',
    );
    return { msg: 'Unknown reference; ignored.' };
  }
  if (deposit.status !== 'pending') return { msg: 'Already processed.' };

  let confirmation: Confirmation;
  try {
    confirmation = await provider.confirm(notice);
  } catch (err) {
    ctx.logger.warn(
      { err, provider: provider.name, reference: notice.reference },
      'could not confirm a deposit with its provider',
    );
    throw new PaymentUnconfirmedError();
  }
  if (confirmation.status === 'pending') return { msg: 'Payment not final yet.' };

  const mismatch =
    confirmation.reference !== deposit.reference
      ? 'reference mismatch'
      : confirmation.currency !== 'NGN'
        ? `currency ${confirmation.currency}`
        : confirmation.amountKobo < BigInt(deposit.amount_kobo)
          ? `paid ${confirmation.amountKobo} kobo of ${deposit.amount_kobo}`
          : null;
  if (confirmation.status !== 'successful' || mismatch) {
    const status = confirmation.status === 'cancelled' ? 'cancelled' : 'failed';
    const reason = mismatch ?? `provider status ${confirmation.status}`;
    if (mismatch)
      ctx.logger.error(
        { provider: provider.name, reference: deposit.reference, reason },
        'deposit not credited',
      );
    await closeUncredited(ctx.db, deposit.id, status, reason, confirmation.providerTxId || null);
    return { msg: `Deposit ${status}.` };
  }

  const credited = await retryOnConflict(() =>
    ctx.tx(async (trx): Promise<boolean | 'held'> => {
      // the row lock makes concurrent deliveries of one webhook take turns; the loser sees completed
      if (!(await claimDeposit(trx, deposit.id, confirmation.providerTxId))) return false;
      // closed since the link was made: the money is not credited to a wallet nobody can use;
      // it is held for a refund through the provider (the row says why)
      if (await walletClosed(trx, deposit.user_id, { lock: true })) {
        await holdDeposit(trx, deposit.id, 'wallet closed before the payment completed: refund it');
        ctx.logger.warn({ reference: deposit.reference }, 'payment for a closed wallet held for refund');
        return 'held';
      }
      const amountCents = BigInt(deposit.amount_cents);
      const naira = (Number(deposit.amount_kobo) / 100).toFixed(2);
      const posted = await postTransaction(
        trx,
        {
          key: moneyKeys.deposit(deposit.reference),
          type: 'topup',
          userId: deposit.user_id,
          reference: deposit.reference,
          description: `Deposit of NGN ${naira} at ${deposit.ngn_per_usd} NGN/USD`,
          requested: amountCents,
          metadata: {
            provider: provider.name,
            amountKobo: deposit.amount_kobo,
            ngnPerUsd: deposit.ngn_per_usd,
            providerTxId: confirmation.providerTxId,
          },
        },
        () => depositPostings(deposit.user_id, amountCents),
      );
      await linkDepositTransaction(trx, deposit.id, posted.transactionId);
      // a deposit-match claim waiting for this deposit grants its bonus with it (wallet-007)
      await grantDepositMatches(trx, {
        userId: deposit.user_id,
        depositId: deposit.id,
        amountCents,
        at: new Date(),
      });
      await recordEvents(trx, WalletDepositCompleted, [
        {
          data: {
            depositId: deposit.id,
            userId: deposit.user_id,
            provider: provider.name,
            amountKobo: Number(deposit.amount_kobo),
            amountCents: Number(amountCents),
            reference: deposit.reference,
          },
        },
      ]);
      return true;
    }),
  );
  if (credited === 'held') return { msg: 'Deposit held: the wallet is closed; it will be refunded.' };
  return { msg: credited ? 'Deposit credited.' : 'Already processed.' };
}

/** Payments that completed after their wallet closed: held, to refund through the provider. */
export async function listHeldDeposits(ctx: AppContext) {
  return heldDeposits(ctx.db);
}
