import { formatMoney } from '@bet/web-shell/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MarketExposure } from './MarketExposure';

afterEach(cleanup);

const markets = [
  {
    key: 'ou_2.5',
    name: 'Total Goals 2.5',
    betCount: 3,
    totalStake: 13,
    totalPotentialPayout: 25.7,
    liability: 17.1,
    outcomes: [
      { outcome: 'over', label: 'Over 2.5', betCount: 2, totalStake: 9, totalPotentialPayout: 17.1 },
      { outcome: 'under', label: 'Under 2.5', betCount: 1, totalStake: 4, totalPotentialPayout: 8.6 },
    ],
  },
  {
    key: 'btts',
    name: 'Both Teams To Score',
    betCount: 1,
    totalStake: 1234.5,
    totalPotentialPayout: 2345.67,
    liability: 2345.67,
    outcomes: [
      { outcome: 'yes', label: 'BTTS Yes', betCount: 1, totalStake: 1234.5, totalPotentialPayout: 2345.67 },
      { outcome: 'no', label: 'BTTS No', betCount: 0, totalStake: 0, totalPotentialPayout: 0 },
    ],
  },
];

const withLimits = [
  {
    key: '1x2',
    name: 'Match Result',
    betCount: 1,
    totalStake: 10,
    totalPotentialPayout: 21,
    liability: 21,
    liabilityLimit: 500,
    headroom: 479,
    outcomes: [
      {
        outcome: 'A',
        label: 'Arsenal',
        betCount: 1,
        totalStake: 10,
        totalPotentialPayout: 21,
        liabilityLimit: 500,
        headroom: 479,
      },
    ],
  },
  {
    ...markets[0],
    liabilityLimit: 500,
    headroom: 482.9,
    outcomes: [
      { ...markets[0].outcomes[0], liabilityLimit: 500, headroom: 482.9 },
      { ...markets[0].outcomes[1], liabilityLimit: 500, headroom: 491.4 },
    ],
  },
];

describe('<MarketExposure>', () => {
  it('leaves 1X2 to the Risk Breakdown above and shows the limit and each outcome’s headroom', () => {
    render(<MarketExposure markets={withLimits} />);
    const table = screen.getByRole('table', { name: 'Exposure per market and outcome' });
    expect(within(table).queryByText(/Match Result/)).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Headroom' })).toBeTruthy();
    const groups = within(table).getAllByRole('rowgroup').slice(1);
    expect(groups).toHaveLength(1);
    expect(
      within(groups[0]).getByRole('rowheader', {
        name: `Total Goals 2.5 · liability ${formatMoney(17.1)} of ${formatMoney(500)} limit`,
      }),
    ).toBeTruthy();
    const under = within(groups[0]).getByRole('rowheader', { name: 'Under 2.5' }).closest('tr')!;
    expect([...under.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '1',
      formatMoney(4),
      formatMoney(8.6),
      formatMoney(491.4),
    ]);
  });

  it('says so when only 1X2 has pending bets', () => {
    render(<MarketExposure markets={withLimits.slice(0, 1)} />);
    expect(screen.getByText('No pending bets on any other market of this game.')).toBeTruthy();
  });

  it('shows each market with its liability and a row per outcome, amounts in the one money format', () => {
    render(<MarketExposure markets={markets} />);
    const table = screen.getByRole('table', { name: 'Exposure per market and outcome' });
    const groups = within(table).getAllByRole('rowgroup').slice(1); // after the head
    expect(groups).toHaveLength(2);
    expect(
      within(groups[0]).getByRole('rowheader', { name: `Total Goals 2.5 · liability ${formatMoney(17.1)}` }),
    ).toBeTruthy();
    const over = within(groups[0]).getByRole('rowheader', { name: 'Over 2.5' }).closest('tr')!;
    expect([...over.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '2',
      formatMoney(9),
      formatMoney(17.1),
    ]);
    const yes = within(groups[1]).getByRole('rowheader', { name: 'BTTS Yes' }).closest('tr')!;
    expect([...yes.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      '1',
      formatMoney(1234.5),
      formatMoney(2345.67),
    ]);
    expect(within(groups[1]).getByRole('rowheader', { name: 'BTTS No' })).toBeTruthy();
  });

  it('says so when no market has a pending bet', () => {
    render(<MarketExposure markets={[]} />);
    expect(screen.getByText('No pending bets on any other market of this game.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
