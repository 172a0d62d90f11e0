import { txKindLabel, useSocketEvent } from '@bet/web-shell/core';
import { Table, type TableColumn, useApi } from '@bet/web-shell/ui';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dateTime, dayLabel, money, timeAgo } from '../lib/format';
import { useWallet } from '../lib/wallet';
import { EmptyState, ErrorText, Pagination, Spinner } from '../ui/common';
import { DepositModal } from '../wallet/DepositModal';
import { SummaryCard } from '../wallet/SummaryCard';
import type { Summary, Transaction, TxPage, WalletRead } from '../wallet/types';
import { useAwaitDeposit } from '../wallet/useAwaitDeposit';
import { WithdrawalStatus } from '../wallet/WithdrawalStatus';
import { WithdrawModal } from '../wallet/WithdrawModal';

const TX_COLUMNS: TableColumn<Transaction>[] = [
  {
    key: 'date',
    label: 'Date',
    render: (t) => (
      <time dateTime={t.createdAt} title={dateTime(t.createdAt)}>
        {timeAgo(t.createdAt)}
      </time>
    ),
  },
  {
    key: 'type',
    label: 'Type',
    cellClass: () => 'tx__type',
    render: (t) => (
      <>
        <span className={`tx__mark tx__mark--${t.type}`} aria-hidden="true" />
        {txKindLabel(t.kind)}
        {t.withdrawalStatus && <WithdrawalStatus status={t.withdrawalStatus} />}
      </>
    ),
  },
  {
    key: 'amount',
    label: 'Amount',
    numeric: true,
    cellClass: (t) => (Number(t.amount) >= 0 ? 'amount--positive' : 'amount--negative'),
    render: (t) => `${Number(t.amount) > 0 ? '+' : ''}${money(t.amount)}`,
  },
  { key: 'balance', label: 'Balance After', numeric: true, render: (t) => money(t.balanceAfter) },
  { key: 'description', label: 'Description', render: (t) => t.description },
];

export default function Wallet() {
  const balance = useWallet((s) => s.balance);
  const wallet = useApi<WalletRead>('/wallet');
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
  // issue 33: bonus money, shown only when the player holds some
  const sharedBonus = useWallet((s) => s.bonus);
  const bonus = sharedBonus ?? wallet.data?.bonusBalance ?? 0;
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
  // An approval moves no money (it left the balance at the request): only its push tells the
  // history that the withdrawal's badge changed (issue 34 item 6).
  useSocketEvent('withdrawal_processed', reloadTxs);
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
        {bonus > 0 && (
          <p className="balance__bonus">
            Bonus balance <strong>{money(bonus)}</strong>
            <span className="muted"> · stakeable, paid out as cash once its wagering is met</span>
          </p>
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
          <Table
            rows={list}
            columns={TX_COLUMNS}
            rowKey={(t) => t._id}
            caption="Wallet transactions"
            className="table table--stack txs"
            groupOf={(t) => dayLabel(t.createdAt)}
          />
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
