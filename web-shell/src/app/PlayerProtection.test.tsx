import { aProtection, aUser, type Protection } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../core/session';
import { BreakBanner, RealityCheck } from './PlayerProtection';

const player = (protection: Partial<Protection>) =>
  aUser({
    _id: 'a'.repeat(24),
    username: 'ada',
    email: 'ada@example.com',
    protection: aProtection(protection),
  });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the break banner', () => {
  it('shows a running time-out with the way to withdraw, and nothing once it has ended', () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    useSession.setState({
      status: 'authenticated',
      user: player({
        exclusion: { kind: 'time_out', startedAt: new Date().toISOString(), until },
        realityCheckMinutes: 0,
      }),
    });
    render(
      <MemoryRouter>
        <BreakBanner />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toMatch(/You are on a time-out until/);
    expect(screen.getByRole('link', { name: 'Withdraw your balance' }).getAttribute('href')).toBe('/wallet');
    cleanup();
    useSession.setState({
      user: player({
        exclusion: {
          kind: 'time_out',
          startedAt: new Date().toISOString(),
          until: new Date(Date.now() - 1).toISOString(),
        },
        realityCheckMinutes: 0,
      }),
    });
    render(
      <MemoryRouter>
        <BreakBanner />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('the reality check', () => {
  it('interrupts every N minutes with time played and the session result', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const start = Date.now();
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(
      async () =>
        new Response(
          JSON.stringify({
            transactions: [
              { createdAt: new Date(start + 60_000).toISOString(), type: 'bet', amount: -10 },
              { createdAt: new Date(start + 120_000).toISOString(), type: 'win', amount: 4.5 },
              { createdAt: new Date(start + 130_000).toISOString(), type: 'topup', amount: 100 },
              { createdAt: new Date(start - 60_000).toISOString(), type: 'bet', amount: -50 },
            ],
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
    );
    useSession.setState({
      status: 'authenticated',
      user: player({ exclusion: null, realityCheckMinutes: 15 }),
    });
    render(
      <MemoryRouter>
        <RealityCheck />
      </MemoryRouter>,
    );
    await act(async () => {
      vi.advanceTimersByTime(14 * 60_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    const dialog = screen.getByRole('dialog', { name: 'Reality check' });
    expect(dialog.textContent).toMatch(/playing for 15 minutes/);
    await act(async () => {
      await Promise.resolve();
    });
    await vi.waitFor(() =>
      expect(dialog.textContent).toMatch(/-\$5\.50 \(staked \$10\.00, returned \$4\.50\)/),
    );
    expect(String(fetch.mock.calls[0][0])).toContain('/api/v1/wallet/transactions');
    fireEvent.click(screen.getByRole('button', { name: 'Keep playing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // and again after another 15 minutes
    await act(async () => {
      vi.advanceTimersByTime(15 * 60_000);
    });
    expect(screen.getByRole('dialog', { name: 'Reality check' }).textContent).toMatch(
      /playing for 30 minutes/,
    );
  });

  it('stays silent when the player chose no reality check', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    useSession.setState({
      status: 'authenticated',
      user: player({ exclusion: null, realityCheckMinutes: 0 }),
    });
    render(
      <MemoryRouter>
        <RealityCheck />
      </MemoryRouter>,
    );
    await act(async () => {
      vi.advanceTimersByTime(3 * 3_600_000);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
