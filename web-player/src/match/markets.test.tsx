import { MARKETS, selectionLabel } from '@bet/proto-events/markets';
import type { Game } from '@bet/web-shell/core';
import { aGame } from '@bet/web-shell/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GameGroups } from '../games/GameGroups';
import { pickLabel } from '../lib/picks';
import { useOffers } from '../promo/offers';
import { wirePick } from '../slip/place';
import { applyMarketOdds, applyOdds, type SlipSelection, toggleSelection } from '../slip/rules';
import { useSlip } from '../slip/store';
import { marketsOfTab, matchStats, narrowLabel, shortLabel } from './groups';
import { useMarketsStore } from './marketsStore';
import type { GameMarkets } from './types';

const ID = 'c'.repeat(24);
const pick = (over: Partial<SlipSelection> = {}): SlipSelection => ({
  gameId: ID,
  gameDetails: { homeTeam: 'Arsenal', awayTeam: 'Chelsea' },
  outcome: 'A',
  odds: 2,
  ...over,
});

describe('a selection of another market', () => {
  it('goes to the betting service with its market; a 1X2 pick exactly as the spec has it', () => {
    expect(JSON.stringify(wirePick(pick()))).toBe(JSON.stringify({ gameId: ID, outcome: 'A' }));
    expect(JSON.stringify(wirePick(pick({ market: '1x2' })))).toBe(
      JSON.stringify({ gameId: ID, outcome: 'A' }),
    );
    expect(wirePick(pick({ market: 'ou_2.5', outcome: 'over' }))).toEqual({
      gameId: ID,
      market: 'ou_2.5',
      outcome: 'over',
    });
  });

  it('is one pick per game: another market replaces it, the same pick again removes it', () => {
    let r = toggleSelection([], pick({ market: 'ou_2.5', outcome: 'over' }));
    expect(r.result).toBe('added');
    r = toggleSelection(r.selections, pick({ market: 'btts', outcome: 'yes' }));
    expect(r.result).toBe('updated');
    expect(r.selections).toEqual([pick({ market: 'btts', outcome: 'yes' })]);
    // 1X2 "A" is not the same pick as Asian handicap "A"
    r = toggleSelection(r.selections, pick({ market: 'ah_-0.5', outcome: 'A' }));
    expect(r.result).toBe('updated');
    r = toggleSelection(r.selections, pick({ outcome: 'A' }));
    expect(r.result).toBe('updated');
    expect(r.selections[0].market).toBeUndefined();
    r = toggleSelection(r.selections, pick({ market: '1x2', outcome: 'A' }));
    expect(r.result).toBe('removed');
  });

  it('follows its market price, not the 1X2 odds pushes', () => {
    const sels = [pick({ market: 'ou_2.5', outcome: 'over', odds: 1.9 })];
    expect(applyOdds(sels, ID, { home: 3, draw: 3, away: 3 })).toBe(sels);
    const moved = applyMarketOdds(sels, ID, (m, o) => (m === 'ou_2.5' && o === 'over' ? 2.1 : null));
    expect(moved[0]).toMatchObject({ odds: 2.1, prevOdds: 1.9 });
  });

  it('is named as the catalogue names it', () => {
    expect(pickLabel('over', 'Arsenal', 'Chelsea', 'ou_2.5')).toBe('Over 2.5');
    expect(pickLabel('yes', 'Arsenal', 'Chelsea', 'btts')).toBe('BTTS Yes');
    expect(pickLabel('1X', 'Arsenal', 'Chelsea', 'dc')).toBe('Arsenal or Draw');
    expect(pickLabel('A', 'Arsenal', 'Chelsea')).toBe('Arsenal to win');
    expect(pickLabel('A', 'Arsenal', 'Chelsea', '1x2')).toBe('Arsenal to win');
  });
});

describe('the match page', () => {
  const keys = [
    '1x2',
    'dc',
    'dnb',
    'ou_0.5',
    'ou_2.5',
    'tt_home_0.5',
    'btts',
    'cs',
    'ht',
    'htft',
    'eh_-1',
    'ah_+0.5',
  ].map((key) => ({ key }));
  it('groups markets in tabs', () => {
    expect(marketsOfTab('main', keys).map((m) => m.key)).toEqual(['1x2', 'dc', 'dnb', 'ou_2.5', 'btts']);
    expect(marketsOfTab('goals', keys).map((m) => m.key)).toEqual([
      'ou_0.5',
      'ou_2.5',
      'tt_home_0.5',
      'btts',
    ]);
    expect(marketsOfTab('halves', keys).map((m) => m.key)).toEqual(['ht', 'htft']);
    expect(marketsOfTab('handicap', keys).map((m) => m.key)).toEqual(['eh_-1', 'ah_+0.5']);
    expect(marketsOfTab('cs', keys).map((m) => m.key)).toEqual(['cs']);
  });

  it('shows an outcome without its market name under the market heading', () => {
    expect(shortLabel('Correct Score 2-1')).toBe('2-1');
    expect(shortLabel('HT/FT Draw/Arsenal')).toBe('Draw/Arsenal');
    expect(shortLabel('Asian Handicap Chelsea +0.5')).toBe('Chelsea +0.5');
    expect(shortLabel('Arsenal (Draw No Bet)')).toBe('Arsenal');
    expect(shortLabel('Over 2.5')).toBe('Over 2.5');
  });

  it('counts what the events say, per side', () => {
    const stats = matchStats(
      [
        { type: 'Goal', detail: 'Normal Goal', team: { name: 'Arsenal' } },
        { type: 'Goal', detail: 'Missed Penalty', team: { name: 'Chelsea' } },
        { type: 'Card', detail: 'Yellow Card', team: { name: 'Chelsea' } },
        { type: 'Card', detail: 'Red Card', team: { name: 'Arsenal' } },
        { type: 'subst', detail: 'Someone', team: { name: 'Chelsea' } },
      ],
      'Arsenal',
      'Chelsea',
    );
    expect(stats.map((s) => [s.key, s.home, s.away])).toEqual([
      ['goals', 1, 0],
      ['yellow', 0, 1],
      ['red', 1, 0],
      ['subst', 0, 1],
    ]);
  });
});

describe('a board row', () => {
  afterEach(cleanup);
  beforeEach(() => useSlip.setState({ selections: [] }));
  const game = (): Game =>
    aGame({
      _id: ID,
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      league: 'EPL',
      status: 'upcoming',
      matchDate: new Date(Date.now() + 3600_000).toISOString(),
      odds: { home: 2, draw: 3.2, away: 3.6 },
    });
  const markets = (btts: 'open' | 'suspended'): GameMarkets => ({
    gameId: ID,
    status: 'upcoming',
    markets: [
      { key: '1x2', name: 'Match Result', status: 'open', outcomes: [] },
      {
        key: 'ou_2.5',
        name: 'Total Goals 2.5',
        status: 'open',
        outcomes: [
          { code: 'over', label: 'Over 2.5', odds: 1.95 },
          { code: 'under', label: 'Under 2.5', odds: 1.85 },
        ],
      },
      {
        key: 'btts',
        name: 'Both Teams To Score',
        status: btts,
        outcomes: [
          { code: 'yes', label: 'BTTS Yes', odds: 1.7 },
          { code: 'no', label: 'BTTS No', odds: 2.05 },
        ],
      },
      { key: 'cs', name: 'Correct Score', status: 'open', outcomes: [] },
    ],
  });

  it('shows Over/Under 2.5 and BTTS beside 1X2, and links to the other markets', () => {
    useMarketsStore.setState({ byGame: { [ID]: markets('open') } });
    render(
      <MemoryRouter>
        <GameGroups games={[game()]} />
      </MemoryRouter>,
    );
    const over = screen.getByRole('button', { name: 'Arsenal vs Chelsea: Over 2.5 1.95' });
    over.click();
    expect(useSlip.getState().selections[0]).toMatchObject({ market: 'ou_2.5', outcome: 'over', odds: 1.95 });
    expect(screen.getByRole('button', { name: 'Arsenal vs Chelsea: BTTS Yes 1.70' })).toBeTruthy();
    const more = screen.getByRole('link', { name: 'Arsenal vs Chelsea: 19 more markets' });
    expect(more.getAttribute('href')).toBe(`/match/${ID}`);
  });

  it('shows a boost on another market at its boosted price, and picks it with the boost', () => {
    useMarketsStore.setState({ byGame: { [ID]: markets('open') } });
    const boost = {
      id: 'f'.repeat(24),
      rules: {
        kind: 'odds_boost' as const,
        gameId: ID,
        market: 'ou_2.5',
        outcome: 'over',
        boostPercent: 15,
        maxStake: 10,
      },
    };
    useOffers.setState({ boosts: [boost], accas: [], loaded: true });
    try {
      render(
        <MemoryRouter>
          <GameGroups games={[game()]} />
        </MemoryRouter>,
      );
      // 1.95 × 1.15 = 2.2425, down to 2.24
      const over = screen.getByRole('button', {
        name: 'Arsenal vs Chelsea: Over 2.5 boosted from 1.95 to 2.24',
      });
      expect(over.querySelector('s')?.textContent).toBe('1.95');
      over.click();
      expect(useSlip.getState().selections[0]).toMatchObject({
        market: 'ou_2.5',
        outcome: 'over',
        odds: 2.24,
        boost: { id: boost.id, baseOdds: 1.95, boostPercent: 15, maxStake: 10 },
      });
      // the market's other outcome is not boosted
      expect(screen.getByRole('button', { name: 'Arsenal vs Chelsea: Under 2.5 1.85' })).toBeTruthy();
    } finally {
      useOffers.setState({ boosts: [] });
    }
  });

  it('locks a suspended market', () => {
    useMarketsStore.setState({ byGame: { [ID]: markets('suspended') } });
    render(
      <MemoryRouter>
        <GameGroups games={[game()]} />
      </MemoryRouter>,
    );
    const yes = screen.getByRole('button', { name: 'Arsenal vs Chelsea: BTTS Yes suspended' });
    expect((yes as HTMLButtonElement).disabled).toBe(true);
    expect(yes.querySelector('.lock-icon')).not.toBeNull();
  });
});

describe("the board's market columns", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('reads a board of sixty rows in two requests, of its columns only', async () => {
    useMarketsStore.setState({ byGame: {} });
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        urls.push(url);
        const ids = new URL(url, 'http://x').searchParams.get('ids')?.split(',') ?? [];
        const games = ids.map((gameId) => ({
          gameId,
          status: 'upcoming',
          markets: [
            {
              key: 'ou_2.5',
              name: 'Over/Under 2.5',
              status: 'open',
              outcomes: [
                { code: 'over', label: 'Over 2.5', odds: 1.9 },
                { code: 'under', label: 'Under 2.5', odds: 1.9 },
              ],
            },
          ],
        }));
        return new Response(JSON.stringify({ games }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    const rows = Array.from({ length: 60 }, (_, i) =>
      aGame({
        _id: i.toString(16).padStart(24, 'b'),
        homeTeam: `Home ${i}`,
        awayTeam: `Away ${i}`,
        status: 'upcoming',
        matchDate: new Date(Date.now() + 3_600_000).toISOString(),
      }),
    );
    render(
      <MemoryRouter>
        <GameGroups games={rows} />
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: 'Home 59 vs Away 59: Over 2.5 1.90' }, { timeout: 30_000 });
    const reads = urls.filter((u) => u.includes('markets'));
    expect(reads).toHaveLength(2);
    for (const u of reads) expect(u).toMatch(/\/api\/v1\/games\/markets\?ids=[0-9a-f,]+&keys=ou_2\.5,btts$/);
  }, 60_000);
});

describe("a phone's short labels on the match page", () => {
  it('reads 1 / X / 2 for the markets whose buttons name the teams, 1X / 12 / X2 for Double Chance', () => {
    expect(['A', 'Draw', 'B'].map((o) => narrowLabel('1x2', o))).toEqual(['1', 'X', '2']);
    expect(['A', 'Draw', 'B'].map((o) => narrowLabel('ht', o))).toEqual(['1', 'X', '2']);
    expect(['A', 'B'].map((o) => narrowLabel('dnb', o))).toEqual(['1', '2']);
    expect(narrowLabel('htft', 'Draw/A')).toBe('X/1');
    expect(['1X', '12', 'X2'].map((o) => narrowLabel('dc', o))).toEqual(['1X', '12', 'X2']);
    // handicaps and team totals name a team: the side's number and the line (issue 32, 390 px)
    expect(['A', 'B'].map((o) => narrowLabel('ah_-1.5', o))).toEqual(['1 -1.5', '2 +1.5']);
    expect(['A', 'B'].map((o) => narrowLabel('ah_+0.5', o))).toEqual(['1 +0.5', '2 -0.5']);
    expect(['A', 'Draw', 'B'].map((o) => narrowLabel('eh_-1', o))).toEqual(['1 -1', 'X -1', '2 +1']);
    expect(['A', 'Draw', 'B'].map((o) => narrowLabel('eh_+1', o))).toEqual(['1 +1', 'X +1', '2 -1']);
    expect(['over', 'under'].map((o) => narrowLabel('tt_home_1.5', o))).toEqual(['Over 1.5', 'Under 1.5']);
    expect(narrowLabel('tt_away_0.5', 'under')).toBe('Under 0.5');
    // every outcome of every market reads at most 9 characters on a phone
    for (const m of MARKETS)
      for (const o of m.outcomes) {
        const shown =
          narrowLabel(m.key, o) ??
          shortLabel(selectionLabel(m.key, o, { home: 'Kano Pillars', away: 'Remo Stars' }));
        expect(shown.length, `${m.key} ${o}: ${shown}`).toBeLessThanOrEqual(9);
      }
    // the rest already read short ("Over 2.5", "Yes", "2-1")
    expect(narrowLabel('ou_2.5', 'over')).toBeUndefined();
    expect(narrowLabel('cs', '2-1')).toBeUndefined();
  });
});
