import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeSearch } from './HomeSearch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('<HomeSearch>', () => {
  it('ignores a blank query, shows results under Search Results, and Clear brings the board back', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json({
        games: [
          {
            _id: 'a'.repeat(24),
            homeTeam: 'Real Madrid',
            awayTeam: 'Sevilla',
            league: 'La Liga',
            status: 'upcoming',
            matchDate: new Date(Date.now() + 3_600_000).toISOString(),
            odds: { home: 1.5, draw: 4, away: 6 },
          },
        ],
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const active = vi.fn();
    render(
      <MemoryRouter>
        <HomeSearch onActiveChange={active} />
      </MemoryRouter>,
    );
    const input = screen.getByPlaceholderText('Try: games in Spain today');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByText('Search Results')).toBeNull();

    fireEvent.change(input, { target: { value: '  games in Spain today ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Search Results');
    expect((await screen.findAllByText(/Sevilla/)).length).toBeGreaterThan(0);
    const [url, init] = fetchMock.mock.calls[0];
    expect(String(url)).toBe('/api/v1/ai/game-search');
    expect(JSON.parse(String(init?.body))).toEqual({ query: 'games in Spain today' });
    expect(active).toHaveBeenLastCalledWith(true);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByText('Search Results')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
    expect(active).toHaveBeenLastCalledWith(false);
  });

  it('shows the server message when the search fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ msg: 'Please enter a search query.' }, 400)),
    );
    render(
      <MemoryRouter>
        <HomeSearch />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByPlaceholderText('Try: games in Spain today'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a search query.');
  });
});
