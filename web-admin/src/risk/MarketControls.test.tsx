import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketControls } from './MarketControls';
import { groupOf } from './market-groups';

const ID = 'a'.repeat(24);
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const market = (key: string, name: string, status = 'open') => ({
  key,
  name,
  status,
  source: 'model',
  outcomes: [
    { code: 'x', label: `${name} x`, odds: 1.9 },
    { code: 'y', label: `${name} y`, odds: 1.9 },
  ],
});
const KEYS: Array<[string, string]> = [
  ['1x2', 'Match Result'],
  ['dc', 'Double Chance'],
  ['dnb', 'Draw No Bet'],
  ['ou_0.5', 'Total Goals 0.5'],
  ['ou_2.5', 'Total Goals 2.5'],
  ['tt_home_1.5', 'Arsenal Team Goals 1.5'],
  ['btts', 'Both Teams To Score'],
  ['cs', 'Correct Score'],
  ['ht', 'Half-time Result'],
  ['htft', 'Half-time / Full-time'],
  ['eh_-1', 'European Handicap -1'],
  ['ah_+0.5', 'Asian Handicap +0.5'],
];

describe('<MarketControls>', () => {
  it("groups a game's markets in the match page's tabs, Main first, and says where some are suspended", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({
          gameId: ID,
          status: 'live',
          markets: KEYS.map(([k, n]) => market(k, n, k === 'ah_+0.5' ? 'suspended' : 'open')),
        }),
      ),
    );
    render(<MarketControls gameId={ID} />);
    const tabs = screen.getByRole('tablist', { name: 'Market groups' });
    await screen.findByText('Match Result');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Main', 'Goals', 'Halves', 'Handicap (1 suspended)', 'Correct Score']);
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findByText('Match Result');
    const shown = () =>
      [...panel.querySelectorAll('[data-market]')].map((e) => e.getAttribute('data-market'));
    expect(shown()).toEqual(['1x2', 'dc', 'dnb']);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Goals' }));
    expect(shown()).toEqual(['ou_0.5', 'ou_2.5', 'tt_home_1.5', 'btts']);
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Handicap (1 suspended)' }));
    expect(shown()).toEqual(['eh_-1', 'ah_+0.5']);
    expect(within(panel).getByRole('button', { name: 'Reopen' })).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: 'Halves' }));
    expect(shown()).toEqual(['ht', 'htft']);
  });

  it('puts every key of the catalogue in one group, an unknown one with Main', () => {
    expect(KEYS.map(([k]) => groupOf(k))).toEqual([
      'main',
      'main',
      'main',
      'goals',
      'goals',
      'goals',
      'goals',
      'cs',
      'halves',
      'halves',
      'handicap',
      'handicap',
    ]);
    expect(groupOf('tt_away_0.5')).toBe('goals');
    expect(groupOf('something_new')).toBe('main');
  });
});
