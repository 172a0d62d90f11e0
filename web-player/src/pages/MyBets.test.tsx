import { aBet } from '@bet/web-shell/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import MyBets, { type Bet, badgeOf, canCashOut } from './MyBets';

vi.mock('sonner', () => ({
  toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
  Toaster: () => null,
}));

// the page's socket subscriptions, to push events at it
const pushed = vi.hoisted(() => new Map<string, (...args: unknown[]) => void>());
vi.mock('@bet/web-shell/core', async (original) => ({
  ...(await original<typeof import('@bet/web-shell/core')>()),
  useSocketEvent: (event: string, handler: (...args: unknown[]) => void) => pushed.set(event, handler),
}));

const id = (n: number) => n.toString(16).padStart(24, '0');
const bet = (over: Partial<Bet>): Bet =>
  aBet({
    _id: id(1),
    betType: 'single',
    selections: [
      {
        ...aBet().selections[0],
        gameId: id(9),
        game: { _id: id(9), homeTeam: 'Arsenal', awayTeam: 'Chelsea', league: null, status: 'live' },
        outcome: 'A',
        odds: 2,
      },
    ],
    stake: 10,
    totalOdds: 2,
    status: 'pending',
    payout: 0,
    createdAt: new Date().toISOString(),
    ...over,
  });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function respond(body: unknown) {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

describe('badgeOf', () => {
  it('shows a cash-out (won with cashedOut) as cashed out, an unknown status as cancelled', () => {
    expect(badgeOf({ status: 'won', cashedOut: true })).toBe('cashed_out');
    expect(badgeOf({ status: 'won', cashedOut: false })).toBe('won');
    expect(badgeOf({ status: 'weird' })).toBe('cancelled');
  });
});

describe('canCashOut', () => {
  it('only a pending single-selection bet on a live game', () => {
    expect(canCashOut(bet({}))).toBe(true);
    expect(canCashOut(bet({ status: 'won' }))).toBe(false);
    expect(
      canCashOut(
        bet({
          selections: [
            { ...bet({}).selections[0], game: { ...bet({}).selections[0].game!, status: 'upcoming' } },
          ],
        }),
      ),
    ).toBe(false);
    expect(
      canCashOut(bet({ betType: 'multi', selections: [...bet({}).selections, ...bet({}).selections] })),
    ).toBe(false);
  });
});

describe('<MyBets>', () => {
  it('shows 5 skeleton rows while loading, then the empty state without pagination', async () => {
    let resolve!: (r: Response) => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((r) => (resolve = r))),
    );
    render(
      <MemoryRouter>
        <MyBets />
      </MemoryRouter>,
    );
    expect(screen.getAllByTestId('bet-skeleton')).toHaveLength(5);
    resolve(respond({ bets: [], currentPage: 1, totalPages: 1 }));
    await screen.findByText('No Bets Found');
    expect(screen.getByText(/Your bets for this category will appear here\./).textContent).toBe(
      'No Bets Found - Your bets for this category will appear here.',
    );
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('lists bets, flags missing games, offers cash-out with the current amount, paginates', async () => {
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('/cash-out')) return respond({ available: true, amount: 14.25 });
      return respond({
        bets: [
          bet({}),
          // a status this page does not know
          {
            ...bet({
              _id: id(2),
              betType: 'multi',
              selections: [{ ...bet({}).selections[0], game: null, outcome: 'B' }, bet({}).selections[0]],
            }),
            status: 'weird',
          },
        ],
        currentPage: 1,
        totalPages: 3,
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <MyBets />
      </MemoryRouter>,
    );
    await screen.findByText('Game data is unavailable');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cash Out $14.25' })).toBeTruthy());
    expect(screen.getAllByRole('button', { name: /Cash Out/ })).toHaveLength(1);
    expect(screen.getByText('weird').className).toContain('badge--cancelled');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    // the first request for bets (the page also reads the live games for the legs' scores)
    const url = fetchMock.mock.calls.map((c) => String(c[0])).find((u) => u.startsWith('/api/v1/bets?'));
    expect(url).toContain('/api/v1/bets?page=1&limit=12');
  });

  it("reloads when a result is pushed and again when the player's bet is settled", async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      respond({ bets: [bet({ status: 'won', payout: 20 })], totalPages: 1 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <MyBets />
      </MemoryRouter>,
    );
    await screen.findByText('won');
    const listCalls = () => fetchMock.mock.calls.filter((c) => String(c[0]).includes('/api/v1/bets?')).length;
    expect(listCalls()).toBe(1);
    act(() => pushed.get('gameResultUpdated')?.({ gameId: id(9), result: 'A' }));
    await waitFor(() => expect(listCalls()).toBe(2));
    act(() => pushed.get('bet_settled')?.({ betId: id(1), status: 'won' }));
    await waitFor(() => expect(listCalls()).toBe(3));
  });
  // issue 34 item 6: the button said $16.73 while the confirmation offered $15.97
  it("keeps the Cash Out button's amount at the server's offer as the game's odds move", async () => {
    const offers = [16.73, 15.97];
    let reads = 0;
    const fetchMock = vi.fn(async (url: string) => {
      if (url.includes('/cash-out'))
        return respond({ available: true, amount: offers[Math.min(reads++, 1)] });
      if (url.includes('/games/live')) return respond({ games: [] });
      return respond({ bets: [bet({})], currentPage: 1, totalPages: 1 });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <MyBets />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Cash Out $16.73' });
    // another game's prices leave the offer alone
    act(() => pushed.get('liveOddsUpdate')?.({ gameId: id(8), odds: { home: 2, draw: 3, away: 4 } }));
    // time is what is tested: a read that should not happen has no event to wait for
    await new Promise((r) => setTimeout(r, 50));
    expect(reads).toBe(1);
    act(() => pushed.get('liveOddsUpdate')?.({ gameId: id(9), odds: { home: 2.2, draw: 3, away: 3.4 } }));
    await screen.findByRole('button', { name: 'Cash Out $15.97' });
  });
});
