import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Wallet from './Wallet';

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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const respond = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const withdrawal = (withdrawalStatus: string) => ({
  _id: 'a'.repeat(24),
  type: 'debit',
  kind: 'withdrawal',
  amount: -25,
  balanceAfter: 75,
  description: 'Withdrawal to bank account',
  withdrawalStatus,
  createdAt: new Date().toISOString(),
});

describe('<Wallet>', () => {
  // issue 34 item 6: an approval moves no money (the stake left at the request), so nothing
  // but the push itself tells the page that the badge changed
  it('changes the withdrawal badge when withdrawal_processed is pushed, without a reload', async () => {
    let status = 'pending';
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.includes('/wallet/transactions'))
          return respond({ transactions: [withdrawal(status)], currentPage: 1, totalPages: 1 });
        if (url.includes('/wallet/summary')) return respond({});
        return respond({ walletBalance: 75 });
      }),
    );
    render(
      <MemoryRouter>
        <Wallet />
      </MemoryRouter>,
    );
    await screen.findByText('Pending review');
    status = 'approved';
    act(() => pushed.get('withdrawal_processed')?.({ status: 'success', message: 'Approved.' }));
    await screen.findByText('Approved');
    expect(screen.queryByText('Pending review')).toBeNull();
  });
});
