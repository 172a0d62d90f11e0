import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Promotions from './Promotions';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<Promotions> when the list fails to load', () => {
  it('says so with a Retry that loads it again, without the empty state', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json({ msg: 'Service unavailable' }, 503))
      .mockResolvedValueOnce(
        json({
          promotions: [
            {
              _id: 'a'.repeat(24),
              title: 'Weekend Boost',
              description: 'Better odds on every Saturday match.',
              promoType: 'OddsBoost',
              isActive: true,
              expiresAt: null,
            },
          ],
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <Promotions />
      </MemoryRouter>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Service unavailable');
    expect(screen.queryByText('No Active Promotions')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('Weekend Boost')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
