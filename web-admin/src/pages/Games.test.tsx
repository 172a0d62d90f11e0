import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Games from './Games';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const game = (id: string, status: string, home: string, matchDate: string) => ({
  _id: id.repeat(24),
  homeTeam: home,
  awayTeam: `${home} Rivals`,
  league: 'Test League',
  matchDate,
  status,
  odds: { home: 2.1, draw: 3.3, away: 3.6 },
});

describe('the admin games table', () => {
  it('filters by status on the server, finished and cancelled games included, one compact row each', async () => {
    const asked: URL[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://admin.test');
        asked.push(url);
        const status = url.searchParams.get('status');
        const games =
          status === 'finished'
            ? [game('c', 'finished', 'Old Boys', '2026-11-01T15:00:00Z')]
            : status === 'cancelled'
              ? [game('d', 'cancelled', 'Rained Off', '2026-11-02T15:00:00Z')]
              : [
                  game('a', 'upcoming', 'Lions', '2026-12-01T15:00:00Z'),
                  game('b', 'live', 'Tigers', '2026-11-27T15:00:00Z'),
                ];
        return new Response(
          JSON.stringify({ games, totalCount: games.length, currentPage: 1, totalPages: 1 }),
          {
            status: 200,
          },
        );
      }),
    );
    render(
      <MemoryRouter>
        <Games />
      </MemoryRouter>,
    );
    const table = await screen.findByRole('table');
    // live first, then upcoming; each a row with its status
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['live', 'upcoming']);
    expect(asked.at(-1)?.searchParams.get('status')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Finished' }));
    await waitFor(() => expect(screen.getByText('Old Boys')).toBeTruthy());
    expect(asked.at(-1)?.searchParams.get('status')).toBe('finished');
    expect(screen.getByRole('tab', { name: 'Finished' }).getAttribute('aria-selected')).toBe('true');

    const finished = screen.getByText('Old Boys').closest('tr') as HTMLElement;
    expect(within(finished).queryByRole('button', { name: 'Cancel Game' })).toBeNull();
    expect(within(finished).getByRole('button', { name: 'Set Result' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    const cancelled = (await screen.findByText('Rained Off')).closest('tr') as HTMLElement;
    expect(asked.at(-1)?.searchParams.get('status')).toBe('cancelled');
    expect(within(cancelled).getByText('cancelled')).toBeTruthy();
    // nothing left to cancel on a finished or cancelled game
    expect(within(cancelled).queryByRole('button', { name: 'Cancel Game' })).toBeNull();
    expect(within(cancelled).getByRole('button', { name: 'Edit Game' })).toBeTruthy();
  });
});
