import type { Game } from '@bet/web-shell/core';
import { aGame } from '@bet/web-shell/testing';
import { cleanup, render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { GameGroups } from './GameGroups';

afterEach(cleanup);

// rows link to their match page
const render = (ui: ReactElement) => rtlRender(<MemoryRouter>{ui}</MemoryRouter>);

const game = (over: Partial<Game> = {}): Game =>
  aGame({
    _id: 'a'.repeat(24),
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    league: 'NPFL',
    matchDate: new Date().toISOString(),
    status: 'live',
    scores: { home: 1, away: 0 },
    elapsedTime: 45,
    odds: { home: 1.5, draw: 3.9, away: 6.2 },
    result: null,
    source: 'simulator',
    phase: '2H',
    suspended: false,
    ...over,
  });

describe('a live row', () => {
  it('locks its prices while the market is suspended', () => {
    render(<GameGroups games={[game({ suspended: true })]} />);
    const home = screen.getByRole('button', { name: 'Enyimba vs Rivers United: Home suspended' });
    expect((home as HTMLButtonElement).disabled).toBe(true);
  });

  it('takes bets at its prices while they are fresh', () => {
    render(<GameGroups games={[game()]} />);
    const home = screen.getByRole('button', { name: 'Enyimba vs Rivers United: Home 1.50' });
    expect((home as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText("45'")).toBeTruthy();
  });

  it('says HT through half-time instead of a frozen minute', () => {
    render(<GameGroups games={[game({ phase: 'HT' })]} />);
    expect(screen.getByText('HT')).toBeTruthy();
    expect(screen.queryByText("45'")).toBeNull();
  });

  it('labels a league of simulated matches, and not a real one', () => {
    render(
      <GameGroups
        games={[
          game(),
          game({ _id: 'b'.repeat(24), league: 'Premier League', source: 'provider', status: 'upcoming' }),
        ]}
      />,
    );
    expect(screen.getByRole('region', { name: 'NPFL' }).textContent).toContain('Simulated');
    expect(screen.getByRole('region', { name: 'Premier League' }).textContent).not.toContain('Simulated');
  });
});
