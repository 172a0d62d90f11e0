import type { Game } from '@bet/web-shell/core';
import { aGame } from '@bet/web-shell/testing';
import { cleanup, fireEvent, render as rtlRender, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useOffers } from '../promo/offers';
import { useSlip } from '../slip/store';
import { GameGroups } from './GameGroups';

afterEach(cleanup);
beforeEach(() => useOffers.setState({ boosts: [], accas: [], loaded: true }));

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

describe('an odds boost on the board', () => {
  const boost = (rules: Record<string, unknown>) => ({
    id: 'f'.repeat(24),
    rules: {
      kind: 'odds_boost' as const,
      gameId: 'a'.repeat(24),
      market: '1x2',
      outcome: 'A',
      maxStake: 20,
      ...rules,
    },
  });

  it('shows the boosted price over the struck board price, and picks it with its boost', () => {
    useSlip.setState({ selections: [] });
    useOffers.setState({ boosts: [boost({ boostPercent: 10 })] });
    render(<GameGroups games={[game({ status: 'upcoming' })]} />);
    const home = screen.getByRole('button', {
      name: 'Enyimba vs Rivers United: Home boosted from 1.50 to 1.65',
    });
    expect(home.querySelector('s')?.textContent).toBe('1.50');
    expect(home.textContent).toContain('Boost');
    // the other outcomes are not boosted
    expect(
      screen.getByRole('button', { name: 'Enyimba vs Rivers United: Away 6.20' }).textContent,
    ).not.toContain('Boost');
    fireEvent.click(home);
    expect(useSlip.getState().selections[0]).toMatchObject({
      outcome: 'A',
      odds: 1.65,
      boost: { id: 'f'.repeat(24), baseOdds: 1.5, boostPercent: 10, maxStake: 20 },
    });
  });

  it('shows no boost for another game', () => {
    useOffers.setState({
      boosts: [
        {
          ...boost({ boostedOdds: 2 }),
          rules: { ...boost({}).rules, gameId: 'b'.repeat(24), boostedOdds: 2 },
        },
      ],
    });
    render(<GameGroups games={[game({ status: 'upcoming' })]} />);
    expect(screen.getByRole('button', { name: 'Enyimba vs Rivers United: Home 1.50' })).toBeTruthy();
  });
});
