import { Tabs } from '@bet/web-shell/ui';
import { useState } from 'react';
import { BetFilters } from '../bets/BetFilters';
import { BetsTable } from '../bets/BetsTable';
import { useLiveGames } from '../bets/liveGames';
import { useMyBets } from '../bets/useMyBets';
import { EmptyState, ErrorText, Pagination } from '../ui/common';

export { SKELETON_ROWS } from '../bets/BetsTable';
export { type Bet, badgeOf, canCashOut } from '../bets/types';
export { BETS_PAGE_SIZE } from '../bets/useMyBets';

type BetTab = 'open' | 'settled' | 'all';
const TAB_STATUS: Record<BetTab, string> = { open: 'pending', settled: 'settled', all: '' };
const BET_TABS: Array<{ value: BetTab; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'settled', label: 'Settled' },
  { value: 'all', label: 'All' },
];

/** The player's bets: Open / Settled / All, filters, the list with cash-out, pages. */
export default function MyBets() {
  const live = useLiveGames();
  const { filters, setFilter, page, setPage, data, error, loading, reload } = useMyBets();
  const [filtersOpen, setFiltersOpen] = useState(
    () => typeof window === 'undefined' || window.innerWidth > 640,
  );
  const bets = data?.bets ?? [];
  const { status } = filters;
  const tab: BetTab | null =
    status === 'pending' ? 'open' : status === 'settled' ? 'settled' : status === '' ? 'all' : null;

  return (
    <section className="page">
      <h1>My Bets</h1>
      <div className="bets__bar">
        <Tabs
          items={BET_TABS}
          value={tab}
          onChange={(t) => setFilter('status', TAB_STATUS[t])}
          label="Bets"
        />
        <button
          type="button"
          className="btn btn--sm bets__filters-toggle"
          aria-expanded={filtersOpen}
          onClick={() => setFiltersOpen((o) => !o)}
        >
          Filters
        </button>
      </div>
      {filtersOpen && <BetFilters values={filters} onChange={setFilter} />}

      {error ? (
        <ErrorText onRetry={reload}>{error}</ErrorText>
      ) : !loading && bets.length === 0 ? (
        <EmptyState title="No Bets Found">Your bets for this category will appear here.</EmptyState>
      ) : (
        <BetsTable bets={bets} loading={loading} live={live} onChanged={reload} />
      )}
      {!loading && !error && (
        <Pagination page={data?.currentPage ?? page} totalPages={data?.totalPages ?? 1} onPage={setPage} />
      )}
    </section>
  );
}
