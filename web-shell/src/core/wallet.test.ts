import { aUser } from '@bet/web-shell/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from './session';
import { useSocketStatus } from './socket';
import { startWallet, useWallet } from './wallet';

const USER = aUser({ _id: '0123456789abcdef01234567', username: 'demo', email: 'd@x.io' });
const push = (balance: number, createdAt: string, type = 'bet') => ({
  balance,
  amount: 0,
  type,
  transactionId: 'f'.repeat(24),
  createdAt,
});

afterEach(() => {
  vi.restoreAllMocks();
  useWallet.setState({ balance: null, bonus: null, postedAt: null });
  useSession.setState({ status: 'anonymous', user: null });
});

describe('the balance store', () => {
  it("follows the wallet's pushes and never goes back to an older one", () => {
    const w = useWallet.getState();
    w.apply(push(90, '2026-11-25T10:00:01.000Z'));
    expect(useWallet.getState().balance).toBe(90);
    w.apply(push(120, '2026-11-25T10:00:03.000Z', 'win'));
    expect(useWallet.getState().balance).toBe(120);
    // a redelivered, older posting arriving late changes nothing
    w.apply(push(90, '2026-11-25T10:00:01.000Z'));
    expect(useWallet.getState().balance).toBe(120);
    // nonsense is ignored
    w.apply({ ...push(Number.NaN, '2026-11-25T10:00:04.000Z') });
    w.apply(push(5, 'yesterday'));
    expect(useWallet.getState().balance).toBe(120);
  });

  it('reads the balance once when the socket comes back, since pushes were missed meanwhile', async () => {
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(async () => new Response(JSON.stringify({ walletBalance: 42.5 }), { status: 200 }));
    useSession.setState({ status: 'authenticated', user: USER });
    startWallet();
    await vi.waitFor(() => expect(useWallet.getState().balance).toBe(42.5));
    const reads = fetch.mock.calls.length;
    useSocketStatus.setState({ status: 'connecting' });
    useSocketStatus.setState({ status: 'connected' });
    // the first connection follows the sign-in read: nothing more
    expect(fetch.mock.calls.length).toBe(reads);
    useSocketStatus.setState({ status: 'disconnected' });
    useSocketStatus.setState({ status: 'connected' });
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBe(reads + 1));
    expect(String(fetch.mock.calls.at(-1)![0])).toBe('/api/v1/wallet');
  });

  it('keeps the bonus balance (issue 33) and reads it again after a deposit, which may earn a match', async () => {
    let bonus = 0;
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementation(
        async () => new Response(JSON.stringify({ walletBalance: 10, bonusBalance: bonus }), { status: 200 }),
      );
    useSession.setState({ status: 'authenticated', user: USER });
    await useWallet.getState().refresh();
    expect(useWallet.getState().bonus).toBe(0);
    const reads = fetch.mock.calls.length;
    bonus = 50;
    useWallet.getState().apply(push(60, '2026-11-25T10:00:05.000Z', 'topup'));
    await vi.waitFor(() => expect(useWallet.getState().bonus).toBe(50));
    expect(fetch.mock.calls.length).toBe(reads + 1);
    // a bet moves cash only: no read
    useWallet.getState().apply(push(55, '2026-11-25T10:00:06.000Z', 'bet'));
    expect(fetch.mock.calls.length).toBe(reads + 1);
  });
});
