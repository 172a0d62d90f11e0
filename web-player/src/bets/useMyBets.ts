import { useSocketEvent } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { useState } from 'react';
import type { BetPage } from './types';

export const BETS_PAGE_SIZE = 12;

export interface BetFilterValues {
  status: string;
  sortBy: string;
  startDate: string;
  endDate: string;
}

/**
 * The player's bets (GET /bets) for the filters and page in use, read again when a result is
 * pushed and when one of the player's bets is settled. Any filter change starts at page 1.
 */
export function useMyBets() {
  const [filters, setFilters] = useState<BetFilterValues>({
    status: '',
    sortBy: 'createdAt',
    startDate: '',
    endDate: '',
  });
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useApi<BetPage>('/bets', {
    page,
    limit: BETS_PAGE_SIZE,
    status: filters.status,
    sortBy: filters.sortBy,
    order: 'desc',
    startDate: filters.startDate,
    endDate: filters.endDate,
  });
  useSocketEvent('gameResultUpdated', reload);
  // gameResultUpdated comes from the games service and may beat the settlement of the bets it
  // causes; bet_settled is sent once the player's own bet is settled, so the list is final then.
  useSocketEvent('bet_settled', reload);
  const setFilter = (key: keyof BetFilterValues, value: string) => {
    setFilters((f) => ({ ...f, [key]: value }));
    setPage(1);
  };
  return { filters, setFilter, page, setPage, data, error, loading, reload };
}
