import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Promotions from './Promotions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (over: Record<string, unknown>) => ({
  _id: 'p'.repeat(24),
  title: 'Boost',
  description: 'd',
  promoType: 'OddsBoost',
  isActive: true,
  expiresAt: null,
  createdAt: '2026-11-27T10:00:00Z',
  ...over,
});

describe('the admin promotions list', () => {
  it('shows each promotion’s uptake and cost (issue 33), a dash when the server does not say', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              promotions: [
                row({ _id: 'a'.repeat(24), title: 'Price boost', uptake: 1234, cost: 56.5 }),
                row({ _id: 'b'.repeat(24), title: 'Old card' }),
              ],
            }),
            { status: 200 },
          ),
      ),
    );
    render(<Promotions />);
    const boost = (await screen.findByText('Price boost')).closest('tr') as HTMLElement;
    expect(within(boost).getByText('1,234')).toBeTruthy();
    expect(within(boost).getByText('$56.50')).toBeTruthy();
    const old = screen.getByText('Old card').closest('tr') as HTMLElement;
    expect(old.querySelector('td[data-label="Uptake"]')?.textContent).toBe('—');
    expect(old.querySelector('td[data-label="Cost"]')?.textContent).toBe('—');
    expect(screen.getByRole('columnheader', { name: /Uptake/ })).toBeTruthy();
  });
});
