import { api, msgOr, toast, useSocketEvent } from '@bet/web-shell/core';
import { useEffect, useId, useState } from 'react';
import { dateTime, odds as fmtOdds, money, pickLabel, timeAgo } from '../lib/format';
import { useApi } from '../lib/useApi';
import { useWallet } from '../lib/wallet';
import { EmptyState, ErrorText, Pagination } from '../ui/common';

export const BETS_PAGE_SIZE = 12;
export const SKELETON_ROWS = 5;
const SKELETON_KEYS = Array.from({ length: SKELETON_ROWS }, (_, i) => `skeleton-${i}`);
const COLUMN_KEYS = ['type', 'selections', 'stake', 'odds', 'status', 'payout', 'date', 'actions'];

interface BetSelection {
  game?: { _id: string; homeTeam: string; awayTeam: string; status?: string; league?: string | null } | null;
  outcome: string;
  odds?: number;
}
export interface Bet {
  _id: string;
  betType: 'single' | 'multi';
  selections: BetSelection[];
  stake: number;
  totalOdds: number;
  status: string;
  /** a cash-out answers status `won` with this flag (docs/api-conventions.md) */
  cashedOut?: boolean;
  payout: number;
  potentialPayout?: number;
  createdAt: string;
}
interface BetPage {
  bets?: Bet[];
  currentPage?: number;
  totalPages?: number;
}

const STATUSES = ['pending', 'won', 'lost', 'cancelled'];
const KNOWN_BADGES = new Set(['pending', 'won', 'lost', 'cancelled', 'cashed_out']);
const SORTS = [
  { value: 'createdAt', label: 'Date' },
  { value: 'stake', label: 'Stake' },
  { value: 'payout', label: 'Payout' },
  { value: 'totalOdds', label: 'Total Odds' },
];

/** The badge of a bet: a cash-out (won, cashedOut) keeps its own; an unknown status looks cancelled. */
export function badgeOf(bet: Pick<Bet, 'status' | 'cashedOut'>): string {
  if (bet.cashedOut || bet.status === 'cashed_out') return 'cashed_out';
  return KNOWN_BADGES.has(bet.status) ? bet.status : 'cancelled';
}

/** Cash out is offered only for a pending bet with exactly one selection whose game is live. */
export function canCashOut(bet: Bet): boolean {
  return (
    bet.status === 'pending' && bet.selections?.length === 1 && bet.selections[0]?.game?.status === 'live'
  );
}

function CashOutButton({ bet, onDone }: { bet: Bet; onDone: () => void }) {
  const [offer, setOffer] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<{ amount?: number }>(`/bets/${bet._id}/cash-out`, { silent: true, signal: ctrl.signal })
      .then((d) => setOffer(typeof d?.amount === 'number' ? d.amount : null))
      .catch(() => setOffer(null));
    return () => ctrl.abort();
  }, [bet._id]);
  const cashOut = async () => {
    setBusy(true);
    try {
      const res = await api.post<{ msg?: string }>(`/bets/${bet._id}/cash-out`, undefined, { silent: true });
      toast.success(res?.msg || 'Bet cashed out successfully!');
      void useWallet.getState().refresh();
      onDone();
    } catch (err) {
      toast.error(msgOr(err, 'Cash out failed.'));
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--sm btn--primary" onClick={cashOut} disabled={busy}>
      {busy ? 'Cashing out…' : offer !== null ? `Cash Out ${money(offer)}` : 'Cash Out'}
    </button>
  );
}

export default function MyBets() {
  const [status, setStatus] = useState('');
  const [sortBy, setSortBy] = useState('createdAt');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [page, setPage] = useState(1);
  const ids = { status: useId(), sort: useId(), start: useId(), end: useId() };
  const { data, error, loading, reload } = useApi<BetPage>('/bets', {
    page,
    limit: BETS_PAGE_SIZE,
    status,
    sortBy,
    order: 'desc',
    startDate,
    endDate,
  });
  useSocketEvent('gameResultUpdated', reload);
  // gameResultUpdated comes from the games service and may beat the settlement of the bets it
  // causes; bet_settled is sent once the player's own bet is settled, so the list is final then.
  useSocketEvent('bet_settled', reload);

  // Any filter change starts again from page 1.
  const filter = (setter: (v: string) => void) => (v: string) => {
    setter(v);
    setPage(1);
  };
  const bets = data?.bets ?? [];

  return (
    <section className="page">
      <h1>My Bets</h1>
      <div className="card filters">
        <div className="field">
          <label htmlFor={ids.status}>Status</label>
          <select id={ids.status} value={status} onChange={(e) => filter(setStatus)(e.target.value)}>
            <option value="">All</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.sort}>Sort By</label>
          <select id={ids.sort} value={sortBy} onChange={(e) => filter(setSortBy)(e.target.value)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={ids.start}>Start Date</label>
          <input
            id={ids.start}
            type="date"
            value={startDate}
            max={endDate || undefined}
            onChange={(e) => filter(setStartDate)(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={ids.end}>End Date</label>
          <input
            id={ids.end}
            type="date"
            value={endDate}
            min={startDate || undefined}
            onChange={(e) => filter(setEndDate)(e.target.value)}
          />
        </div>
      </div>

      {error ? (
        <ErrorText>{error}</ErrorText>
      ) : !loading && bets.length === 0 ? (
        <EmptyState title="No Bets Found">Your bets for this category will appear here.</EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack bets" aria-busy={loading}>
            <caption className="visually-hidden">Your bets</caption>
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Selections</th>
                <th scope="col" className="num">
                  Stake
                </th>
                <th scope="col" className="num">
                  Odds
                </th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Payout
                </th>
                <th scope="col">Date</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {loading
                ? SKELETON_KEYS.map((row) => (
                    <tr key={row} className="skeleton-row" data-testid="bet-skeleton">
                      {COLUMN_KEYS.map((col) => (
                        <td key={col}>
                          <span className="skeleton" aria-hidden="true" />
                        </td>
                      ))}
                    </tr>
                  ))
                : bets.map((bet) => (
                    <tr key={bet._id}>
                      <td data-label="Type" className="bets__type">
                        {bet.betType === 'multi' ? 'Multi' : 'Single'}
                      </td>
                      <td data-label="Selections">
                        <ul className="bets__selections">
                          {bet.selections.map((s, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a bet's selections have no id; the list never reorders
                            <li key={`${s.game?._id ?? 'missing'}-${s.outcome}-${i}`}>
                              {s.game ? (
                                <>
                                  <span>
                                    {s.game.homeTeam} vs {s.game.awayTeam}
                                  </span>{' '}
                                  <span className="muted">
                                    {pickLabel(s.outcome, s.game.homeTeam, s.game.awayTeam)}
                                    {typeof s.odds === 'number' ? ` @ ${fmtOdds(s.odds)}` : ''}
                                  </span>
                                </>
                              ) : (
                                <span className="muted">Game data is unavailable</span>
                              )}
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td data-label="Stake" className="num">
                        {money(bet.stake)}
                      </td>
                      <td data-label="Odds" className="num">
                        {fmtOdds(bet.totalOdds)}
                      </td>
                      <td data-label="Status">
                        <span className={`badge badge--${badgeOf(bet)}`}>
                          {badgeOf(bet) === 'cashed_out' ? 'cashed out' : bet.status}
                        </span>
                      </td>
                      <td data-label="Payout" className="num">
                        {bet.status === 'pending' ? (
                          <span className="muted" title="Potential payout">
                            {typeof bet.potentialPayout === 'number'
                              ? `up to ${money(bet.potentialPayout)}`
                              : '—'}
                          </span>
                        ) : (
                          money(bet.payout)
                        )}
                      </td>
                      <td data-label="Date">
                        <time dateTime={bet.createdAt} title={dateTime(bet.createdAt)}>
                          {timeAgo(bet.createdAt)}
                        </time>
                      </td>
                      <td data-label="Actions">
                        {canCashOut(bet) ? (
                          <CashOutButton bet={bet} onDone={reload} />
                        ) : (
                          <span className="muted">—</span>
                        )}
                      </td>
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      )}
      {!loading && !error && (
        <Pagination page={data?.currentPage ?? page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
      )}
    </section>
  );
}
