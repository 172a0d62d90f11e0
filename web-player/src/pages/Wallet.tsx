import { api, type BalanceUpdate, onSocketEvent, toast, validationMsgOr } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import { dateTime, money, timeAgo } from '../lib/format';
import { useWallet } from '../lib/wallet';
import { EmptyState, ErrorText, Pagination, Spinner } from '../ui/common';
import { Modal } from '../ui/Modal';
import { TextField, toastErrors } from './auth';

export const MIN_DEPOSIT_NGN = 100;
/** How long the page says it is waiting for a payment opened in the other tab. */
export const DEPOSIT_WAIT_MS = 15 * 60_000;

interface Summary {
  currentWalletBalance?: number;
  totalTopUps?: { amount: number; count: number };
  totalWinnings?: { amount: number; count: number };
  totalBetsPlaced?: { amount: number; count: number };
}
interface Transaction {
  _id: string;
  createdAt: string;
  /** the spec's word (bet, win, topup, withdrawal) */
  type: string;
  /** the ledger's own type (cashout, refund, adjustment…), shown where it says more */
  kind?: string;
  amount: number;
  balanceAfter: number;
  description?: string;
  /** on a withdrawal request's line: where the request stands */
  withdrawalStatus?: 'pending' | 'approved' | 'rejected';
}
interface TxPage {
  transactions?: Transaction[];
  currentPage?: number;
  totalPages?: number;
}

/**
 * The provider's checkout happens in another tab. The wallet pushes the top-up the moment it
 * is credited (`balance_updated` of type topup), which ends the wait; after DEPOSIT_WAIT_MS
 * without one the page stops saying it is waiting (an abandoned checkout).
 */
function useAwaitDeposit() {
  const [waitingSince, setWaitingSince] = useState<number | null>(null);
  useEffect(() => {
    if (waitingSince === null) return;
    const stop = onSocketEvent('balance_updated', (u: BalanceUpdate) => {
      if (u?.type === 'topup') setWaitingSince(null);
    });
    const timer = setTimeout(() => setWaitingSince(null), DEPOSIT_WAIT_MS);
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [waitingSince]);
  return { waiting: waitingSince !== null, startWaiting: () => setWaitingSince(Date.now()) };
}

interface DepositRate {
  ngnPerUsd: number;
  presets: Array<{ amount: number; credits: number }>;
}

const NGN = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 0 });

function DepositModal({ onClose, onOpened }: { onClose: () => void; onOpened: () => void }) {
  const { register, handleSubmit, formState, setValue, watch } = useForm({
    defaultValues: { amount: String(MIN_DEPOSIT_NGN) },
  });
  // the wallet's rate card: each preset with the dollars it will credit
  const rate = useApi<DepositRate>('/wallet/deposit/rate');
  const typed = Number(watch('amount'));
  const credits =
    rate.data && Number.isFinite(typed) && typed > 0
      ? Math.floor((typed / rate.data.ngnPerUsd) * 100 + 1e-6) / 100
      : null;
  const busy = formState.isSubmitting;
  const [link, setLink] = useState<string | null>(null);
  const submit = toastErrors(
    (err) => validationMsgOr(err, 'Failed to initiate deposit.'),
    async ({ amount }: { amount: string }) => {
      const value = Number(amount);
      if (!amount || !Number.isFinite(value) || value < MIN_DEPOSIT_NGN) {
        toast.error(`Please enter an amount of at least ${MIN_DEPOSIT_NGN} NGN.`);
        return;
      }
      // Opened now, while the click still counts as a user gesture, so no pop-up blocker stops it.
      const tab = window.open('', '_blank');
      try {
        const res = await api.post<{ paymentLink?: string }>(
          '/wallet/deposit/initialize',
          { amount: value },
          { silent: true },
        );
        if (!res?.paymentLink) throw new Error('No payment link was returned.');
        toast.success('Redirecting to payment page...');
        onOpened();
        if (tab) {
          tab.opener = null;
          tab.location.href = res.paymentLink;
          onClose();
        } else {
          setLink(res.paymentLink);
        }
      } catch (err) {
        tab?.close();
        throw err;
      }
    },
  );
  return (
    <Modal title="Deposit Funds" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit(submit)} noValidate>
        <TextField
          label="Amount (NGN)"
          type="number"
          min={MIN_DEPOSIT_NGN}
          step={1}
          {...register('amount')}
        />
        {rate.data && (
          <fieldset className="deposit-presets">
            <legend className="visually-hidden">Quick amounts</legend>
            {rate.data.presets.map((p) => (
              <button
                key={p.amount}
                type="button"
                className={typed === p.amount ? 'deposit-preset deposit-preset--on' : 'deposit-preset'}
                aria-pressed={typed === p.amount}
                onClick={() => setValue('amount', String(p.amount))}
              >
                <strong>₦{NGN.format(p.amount)}</strong>
                <span>credits {money(p.credits)}</span>
              </button>
            ))}
          </fieldset>
        )}
        {credits !== null && (
          <p className="deposit-credit" aria-live="polite">
            You will receive <strong>{money(credits)}</strong> at ₦{NGN.format(rate.data!.ngnPerUsd)} per
            dollar.
          </p>
        )}
        <p className="field__hint">
          Minimum deposit is {MIN_DEPOSIT_NGN} NGN. You will pay securely on the payment provider's page.
        </p>
        {link && (
          <p className="alert alert--info">
            Your browser blocked the new tab.{' '}
            <a href={link} target="_blank" rel="noopener noreferrer">
              Open the payment page
            </a>
          </p>
        )}
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Please wait…' : 'Proceed to Payment'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function WithdrawModal({
  balance,
  onClose,
  onDone,
}: {
  balance: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { register, handleSubmit, formState } = useForm({ defaultValues: { amount: '' } });
  const busy = formState.isSubmitting;
  const submit = toastErrors('Failed to request withdrawal.', async ({ amount }: { amount: string }) => {
    const value = Number(amount);
    if (!amount || !Number.isFinite(value) || value <= 0) {
      toast.error('Please enter a valid amount.');
      return;
    }
    await api.post('/wallet/request-withdrawal', { amount: Math.round(value * 100) / 100 }, { silent: true });
    toast.success('Withdrawal request submitted successfully!');
    onDone();
    onClose();
  });
  return (
    <Modal title="Request Withdrawal" onClose={onClose}>
      <form className="form" onSubmit={handleSubmit(submit)} noValidate>
        <TextField label="Amount ($)" type="number" min={0.01} step={0.01} {...register('amount')} />
        <p className="field__hint">
          {balance !== null ? `Available: ${money(balance)}. ` : ''}An administrator reviews every withdrawal
          request.
        </p>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Submitting…' : 'Request Withdrawal'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function SummaryCard({ title, item }: { title: string; item?: { amount: number; count: number } }) {
  return (
    <div className="card summary">
      <h2 className="summary__title">{title}</h2>
      <p className="summary__amount">{money(item?.amount ?? 0)}</p>
      <p className="muted">
        {item?.count ?? 0} transaction{item?.count === 1 ? '' : 's'}
      </p>
    </div>
  );
}

export default function Wallet() {
  const balance = useWallet((s) => s.balance);
  const wallet = useApi<{ walletBalance: number }>('/wallet');
  const summary = useApi<Summary>('/wallet/summary');
  const [page, setPage] = useState(1);
  const txs = useApi<TxPage>('/wallet/transactions', { page, limit: 20 });
  const [params, setParams] = useSearchParams();
  // The header's Deposit button lands here with ?deposit=1: the deposit form opens at once.
  const [modal, setModal] = useState<'deposit' | 'withdraw' | null>(() =>
    params.get('deposit') ? 'deposit' : null,
  );
  useEffect(() => {
    if (!params.get('deposit')) return;
    setModal('deposit');
    setParams({}, { replace: true });
  }, [params, setParams]);
  // The shared balance is the live one (kept fresh on settlements, withdrawals and deposits);
  // the page's own read only covers the moment before it arrives.
  const current = balance ?? wallet.data?.walletBalance ?? null;
  const list = txs.data?.transactions ?? [];
  const deposit = useAwaitDeposit();

  // When the balance moves while the page is open, the summary and history move with it.
  const { reload: reloadSummary } = summary;
  const { reload: reloadTxs } = txs;
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current !== null && balance !== null && balance !== seen.current) {
      reloadSummary();
      reloadTxs();
    }
    if (balance !== null) seen.current = balance;
  }, [balance, reloadSummary, reloadTxs]);
  const reloadAll = () => {
    summary.reload();
    txs.reload();
    void useWallet.getState().refresh();
  };

  return (
    <section className="page wallet">
      <div className="page-header">
        <h1>My Wallet</h1>
        <div className="page-header__actions">
          <button type="button" className="btn" onClick={() => setModal('withdraw')}>
            Withdraw
          </button>
          <button type="button" className="btn btn--primary" onClick={() => setModal('deposit')}>
            Deposit
          </button>
        </div>
      </div>

      <div className="card balance">
        <h2 className="summary__title">Current Balance</h2>
        {wallet.loading && current === null ? (
          <Spinner />
        ) : wallet.error && current === null ? (
          <ErrorText onRetry={wallet.reload}>{wallet.error}</ErrorText>
        ) : (
          <p className="balance__amount">{money(current ?? 0)}</p>
        )}
        {deposit.waiting && (
          <p className="muted" role="status">
            Waiting for your payment to be confirmed. Your balance updates here as soon as it is.
          </p>
        )}
      </div>

      {summary.error ? (
        <ErrorText onRetry={summary.reload}>{summary.error}</ErrorText>
      ) : (
        <div className="grid grid--3 wallet__summary">
          <SummaryCard title="Total Top-Ups" item={summary.data?.totalTopUps} />
          <SummaryCard title="Total Winnings" item={summary.data?.totalWinnings} />
          <SummaryCard title="Total Stakes" item={summary.data?.totalBetsPlaced} />
        </div>
      )}

      <h2>Transaction History</h2>
      {txs.loading && !txs.data ? (
        <Spinner />
      ) : txs.error ? (
        <ErrorText onRetry={txs.reload}>{txs.error}</ErrorText>
      ) : list.length === 0 ? (
        <EmptyState title="No Transactions Yet">Deposits, bets and winnings will appear here.</EmptyState>
      ) : (
        <>
          <div className="table-wrap">
            <table className="table table--stack">
              <caption className="visually-hidden">Wallet transactions</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Type</th>
                  <th scope="col" className="num">
                    Amount
                  </th>
                  <th scope="col" className="num">
                    Balance After
                  </th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {list.map((t) => (
                  <tr key={t._id}>
                    <td data-label="Date">
                      <time dateTime={t.createdAt} title={dateTime(t.createdAt)}>
                        {timeAgo(t.createdAt)}
                      </time>
                    </td>
                    <td data-label="Type" className="tx__type">
                      {t.kind ?? t.type}
                      {t.withdrawalStatus && <WithdrawalStatus status={t.withdrawalStatus} />}
                    </td>
                    <td
                      data-label="Amount"
                      className={`num ${Number(t.amount) >= 0 ? 'amount--positive' : 'amount--negative'}`}
                    >
                      {Number(t.amount) > 0 ? '+' : ''}
                      {money(t.amount)}
                    </td>
                    <td data-label="Balance After" className="num">
                      {money(t.balanceAfter)}
                    </td>
                    <td data-label="Description">{t.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={txs.data?.currentPage ?? page}
            totalPages={txs.data?.totalPages ?? 1}
            onPage={setPage}
          />
        </>
      )}

      {modal === 'deposit' && <DepositModal onClose={() => setModal(null)} onOpened={deposit.startWaiting} />}
      {modal === 'withdraw' && (
        <WithdrawModal balance={current} onClose={() => setModal(null)} onDone={reloadAll} />
      )}
    </section>
  );
}

const WITHDRAWAL_BADGE = {
  pending: ['badge--pending', 'Pending review'],
  approved: ['badge--success', 'Approved'],
  rejected: ['badge--danger', 'Rejected, refunded'],
} as const;

function WithdrawalStatus({ status }: { status: keyof typeof WITHDRAWAL_BADGE }) {
  const [tone, label] = WITHDRAWAL_BADGE[status];
  return <span className={`badge ${tone} tx__status`}>{label}</span>;
}
