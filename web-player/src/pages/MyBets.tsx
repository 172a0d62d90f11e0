import type { Answer } from '@bet/api-types';
import { api, type Game, msgOr, toast, useSocketEvent } from '@bet/web-shell/core';
import { Tabs, useApi } from '@bet/web-shell/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import type { LiveGames } from '../games/types';
import { dateTime, odds as fmtOdds, money, timeAgo } from '../lib/format';
import { pickLabel } from '../lib/picks';
import { betRef } from '../slip/Receipt';
import { EmptyState, ErrorText, Pagination } from '../ui/common';
import { Modal } from '../ui/Modal';

export const BETS_PAGE_SIZE = 12;
export const SKELETON_ROWS = 5;
const SKELETON_KEYS = Array.from({ length: SKELETON_ROWS }, (_, i) => `skeleton-${i}`);
const COLUMN_KEYS = ['type', 'selections', 'stake', 'odds', 'status', 'payout', 'date', 'actions'];

type BetPage = Answer<'/bets'>;
/** A bet as the list answers it; a cash-out is status `won` with `cashedOut` (docs/api-conventions.md). */
export type Bet = BetPage['bets'][number];
type CashOutOffer = Answer<'/bets/{id}/cash-out'>;
type CashedOut = Answer<'/bets/{id}/cash-out', 'post'>;

const STATUSES = ['pending', 'won', 'lost', 'cancelled'];
const KNOWN_BADGES = new Set(['pending', 'won', 'lost', 'cancelled', 'cashed_out']);
const SORTS = [
  { value: 'createdAt', label: 'Date' },
  { value: 'stake', label: 'Stake' },
  { value: 'payout', label: 'Payout' },
  { value: 'totalOdds', label: 'Total Odds' },
];

/** The badge of a bet: a cash-out (won, cashedOut) keeps its own; an unknown status looks cancelled. */
export function badgeOf(bet: { status: string; cashedOut?: boolean }): string {
  if (bet.cashedOut || bet.status === 'cashed_out') return 'cashed_out';
  return KNOWN_BADGES.has(bet.status) ? bet.status : 'cancelled';
}

/** Cash out is offered only for a pending bet with exactly one selection whose game is live. */
export function canCashOut(bet: Bet): boolean {
  return (
    bet.status === 'pending' && bet.selections?.length === 1 && bet.selections[0]?.game?.status === 'live'
  );
}

/** The current cash-out offer of a bet, read again every few seconds while `live` is true. */
function useCashOutOffer(betId: string, everyMs: number | null) {
  const [offer, setOffer] = useState<number | null>(null);
  const read = useCallback(
    (signal?: AbortSignal) =>
      api
        .get<CashOutOffer>(`/bets/${betId}/cash-out`, { silent: true, signal })
        // no offer (the game paused, the price moved away…) answers amount 0: nothing to confirm
        .then((d) => setOffer(d.available ? d.amount : null))
        .catch(() => {}),
    [betId],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void read(ctrl.signal);
    const t = everyMs ? setInterval(() => void read(ctrl.signal), everyMs) : null;
    return () => {
      ctrl.abort();
      if (t) clearInterval(t);
    };
  }, [read, everyMs]);
  return offer;
}

const OFFER_REFRESH_MS = 3000;

/** Cash out in two steps: the offer on the button, then a confirmation that keeps it current. */
function CashOutButton({ bet, onDone }: { bet: Bet; onDone: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const offer = useCashOutOffer(bet._id, confirming ? OFFER_REFRESH_MS : null);
  const [busy, setBusy] = useState(false);
  const cashOut = async () => {
    setBusy(true);
    try {
      const res = await api.post<CashedOut>(`/bets/${bet._id}/cash-out`, undefined, { silent: true });
      toast.success(res?.msg || 'Bet cashed out successfully!');
      setConfirming(false);
      onDone();
    } catch (err) {
      toast.error(msgOr(err, 'Cash out failed.'));
      setBusy(false);
    }
  };
  const sel = bet.selections[0];
  return (
    <>
      <button
        type="button"
        className="btn btn--sm btn--primary"
        onClick={() => setConfirming(true)}
        disabled={busy}
      >
        {offer !== null ? `Cash Out ${money(offer)}` : 'Cash Out'}
      </button>
      {confirming && (
        <Modal title="Cash out this bet?" onClose={() => !busy && setConfirming(false)}>
          <div className="cashout">
            {sel?.game && (
              <p className="cashout__match">
                {sel.game.homeTeam} vs {sel.game.awayTeam}
                <span className="muted">
                  {' '}
                  · {pickLabel(sel.outcome, sel.game.homeTeam, sel.game.awayTeam, sel.market)}
                </span>
              </p>
            )}
            <dl className="slip__totals">
              <div>
                <dt>Stake</dt>
                <dd>{money(bet.stake)}</dd>
              </div>
              {typeof bet.potentialPayout === 'number' && (
                <div>
                  <dt>Potential payout</dt>
                  <dd>{money(bet.potentialPayout)}</dd>
                </div>
              )}
              <div>
                <dt>Cash-out offer</dt>
                <dd className="cashout__offer" aria-live="polite">
                  {offer !== null ? money(offer) : '…'}
                </dd>
              </div>
            </dl>
            <p className="muted cashout__note">
              The offer follows the match and is refreshed every few seconds; you are paid the offer at the
              moment you confirm.
            </p>
            <div className="form-actions">
              <button type="button" className="btn" onClick={() => setConfirming(false)} disabled={busy}>
                Keep bet
              </button>
              <button
                type="button"
                className="btn btn--primary"
                onClick={cashOut}
                disabled={busy || offer === null}
              >
                {busy ? 'Cashing out…' : `Confirm cash out${offer !== null ? ` ${money(offer)}` : ''}`}
              </button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

const LEG_RESULT: Record<string, { label: string; cls: string }> = {
  won: { label: 'Won', cls: 'leg--won' },
  lost: { label: 'Lost', cls: 'leg--lost' },
  void: { label: 'Void', cls: 'leg--void' },
};

/** Live games by id, kept current by the socket: the score of each open leg. */
function useLiveGames(): Map<string, Game> {
  const [live, setLive] = useState<Map<string, Game>>(new Map());
  useEffect(() => {
    const ctrl = new AbortController();
    api
      .get<LiveGames>('/games/live', { silent: true, signal: ctrl.signal })
      .then((d) => setLive(new Map(d.games.map((g) => [g._id, g]))))
      .catch(() => {});
    return () => ctrl.abort();
  }, []);
  useSocketEvent('gameUpdate', (g: Game) => {
    if (!g?._id) return;
    setLive((m) => {
      const next = new Map(m);
      if (g.status === 'live') next.set(g._id, g);
      else next.delete(g._id);
      return next;
    });
  });
  return live;
}

type BetTab = 'open' | 'settled' | 'all';
const TAB_STATUS: Record<BetTab, string> = { open: 'pending', settled: 'settled', all: '' };
const BET_TABS: Array<{ value: BetTab; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'settled', label: 'Settled' },
  { value: 'all', label: 'All' },
];

export default function MyBets() {
  const [status, setStatus] = useState('');
  const live = useLiveGames();
  const [filtersOpen, setFiltersOpen] = useState(
    () => typeof window === 'undefined' || window.innerWidth > 640,
  );
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
  const tab: BetTab | null =
    status === 'pending' ? 'open' : status === 'settled' ? 'settled' : status === '' ? 'all' : null;

  return (
    <section className="page">
      <h1>My Bets</h1>
      <div className="bets__bar">
        <Tabs items={BET_TABS} value={tab} onChange={(t) => filter(setStatus)(TAB_STATUS[t])} label="Bets" />
        <button
          type="button"
          className="btn btn--sm bets__filters-toggle"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters
        </button>
      </div>
      {filtersOpen && (
        <div className="card filters">
          <div className="field">
            <label htmlFor={ids.status}>Status</label>
            <select
              id={ids.status}
              value={STATUSES.includes(status) ? status : ''}
              onChange={(e) => filter(setStatus)(e.target.value)}
            >
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
      )}

      {error ? (
        <ErrorText onRetry={reload}>{error}</ErrorText>
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
                      <td data-label="Type">
                        <span className="bets__type">{bet.betType === 'multi' ? 'Multi' : 'Single'}</span>
                        <span className="bets__id" title={bet._id}>
                          #{betRef(bet._id)}
                        </span>
                      </td>
                      <td data-label="Selections">
                        <ul className="bets__selections">
                          {bet.selections.map((s, i) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: a bet's selections have no id; the list never reorders
                            <li key={`${s.game?._id ?? 'missing'}-${s.outcome}-${i}`}>
                              {s.game ? (
                                <>
                                  {s.result && LEG_RESULT[s.result] && (
                                    <span className={`leg ${LEG_RESULT[s.result].cls}`}>
                                      {LEG_RESULT[s.result].label}
                                    </span>
                                  )}{' '}
                                  <span>
                                    {s.game.homeTeam} vs {s.game.awayTeam}
                                  </span>{' '}
                                  {live.has(s.game._id) && (
                                    <span className="leg-live">
                                      <span className="live-dot" aria-hidden="true" />{' '}
                                      {live.get(s.game._id)?.elapsedTime ?? ''}
                                      {live.get(s.game._id)?.elapsedTime ? "' " : ''}
                                      {live.get(s.game._id)?.scores?.home ?? 0}-
                                      {live.get(s.game._id)?.scores?.away ?? 0}
                                    </span>
                                  )}{' '}
                                  <span className="muted">
                                    {pickLabel(s.outcome, s.game.homeTeam, s.game.awayTeam, s.market)}
                                    {typeof s.odds === 'number' ? ` @ ${fmtOdds(s.odds)}` : ''}
                                  </span>
                                  {s.boost && (
                                    <>
                                      {' '}
                                      <span
                                        className="slip__boost"
                                        title={`Odds boost: ${fmtOdds(s.boost.baseOdds)} boosted to ${fmtOdds(s.odds)}`}
                                      >
                                        Boost
                                      </span>{' '}
                                      <s className="muted">{fmtOdds(s.boost.baseOdds)}</s>
                                    </>
                                  )}
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
                        {typeof bet.freeBetAmount === 'number' && (
                          <>
                            {' '}
                            <span
                              className="badge badge--info"
                              title="The stake was a free bet: it is not returned"
                            >
                              Free bet
                            </span>
                          </>
                        )}
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
                        {typeof bet.accaBonusPercent === 'number' && bet.accaBonusPercent > 0 && (
                          <span className="bet__acca">
                            {/* potentialPayout leaves the bonus out; a paid payout has it in (betting-009) */}
                            {bet.status === 'pending'
                              ? `+ ${money(bet.accaBonus ?? 0)} acca bonus (+${bet.accaBonusPercent}%)`
                              : bet.status === 'won'
                                ? `incl. ${money(bet.accaBonus ?? 0)} acca bonus`
                                : `Acca bonus +${bet.accaBonusPercent}%`}
                          </span>
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
