import { useSession } from '@bet/web-shell/core';
import { aUser } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useWallet } from '../lib/wallet';
import { useMyPromotions } from '../promo/mine';
import { useOffers } from '../promo/offers';
import { BetSlip } from './BetSlip';
import { useSlip } from './store';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast, Toaster: () => null }));

const id = (n: number) => n.toString(16).padStart(24, '0');
const pick = (n: number, odds: number) => ({
  gameId: id(n),
  gameDetails: { homeTeam: `Home ${n}`, awayTeam: `Away ${n}` },
  outcome: 'A' as const,
  odds,
});

function LoginProbe() {
  const location = useLocation();
  return <p>login page from {(location.state as { from?: { pathname: string } })?.from?.pathname}</p>;
}

function renderSlip() {
  return render(
    <MemoryRouter initialEntries={['/live']}>
      <Routes>
        <Route path="/live" element={<BetSlip />} />
        <Route path="/login" element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function signIn() {
  localStorage.setItem('accessToken', 'a.b.c');
  useSession.setState({
    status: 'authenticated',
    user: aUser({ _id: id(7), username: 'demo', email: 'd@x.io' }),
  });
}

beforeEach(() => {
  useSlip.setState({ selections: [], betType: 'single', stake: '', keepSelections: false });
  useSession.setState({ status: 'anonymous', user: null });
  useWallet.setState({ balance: null });
  useMyPromotions.setState({ promotions: null, error: null, loading: false });
  useSlip.setState({ freeBetId: null });
  // the public promotions as read once (GET /promotions): none unless a test offers some
  useOffers.setState({ boosts: [], accas: [], loaded: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<BetSlip>', () => {
  it('shows total odds and potential payout for a multi', () => {
    useSlip.setState({ selections: [pick(1, 1.5), pick(2, 2.4)], betType: 'multi', stake: '10' });
    renderSlip();
    expect((screen.getByRole('radio', { name: 'Multi' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Total Odds').nextSibling?.textContent).toBe('3.60');
    expect(screen.getByText('Potential Payout').nextSibling?.textContent).toBe('$36.00');
  });

  it('asks for a login before placing and redirects to /login remembering the page', () => {
    useSlip.setState({ selections: [pick(1, 2)], stake: '5' });
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(toast.error).toHaveBeenCalledWith('Please log in to place a bet.');
    expect(screen.getByText('login page from /live')).toBeTruthy();
  });

  it('refuses Multi with a single selection', () => {
    useSlip.setState({ selections: [pick(1, 2)] });
    renderSlip();
    fireEvent.click(screen.getByRole('radio', { name: 'Multi' }));
    expect(toast.error).toHaveBeenCalledWith('Add at least one more selection to create a multi-bet.');
    expect(useSlip.getState().betType).toBe('single');
  });

  it('needs a stake above 0', () => {
    signIn();
    useSlip.setState({ selections: [pick(1, 2)], stake: '' });
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    expect(toast.error).toHaveBeenCalledWith('Please add selections and enter a valid stake.');
  });

  it('places singles with stakePerBet and clears the slip', async () => {
    signIn();
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ msg: 'Bets placed successfully!' }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSlip.setState({ selections: [pick(1, 2), pick(2, 3)], stake: '4' });
    renderSlip();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place 2 Single Bets' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bets placed successfully!'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/bets/singles');
    // the price each pick showed, and the slip's "Odds changes" choice (betting-008)
    expect(JSON.parse(String(init.body))).toEqual({
      stakePerBet: 4,
      selections: [
        { gameId: id(1), outcome: 'A', odds: 2 },
        { gameId: id(2), outcome: 'A', odds: 3 },
      ],
      oddsChange: 'higher',
    });
    expect(useSlip.getState().selections).toEqual([]);
  });

  it('places a boosted pick with its boostId at the boosted price, and the receipt shows the boost', async () => {
    signIn();
    const bet = {
      _id: id(99),
      stake: 5,
      totalOdds: 2.5,
      potentialPayout: 12.5,
      selections: [{ gameId: id(1), outcome: 'A', odds: 2.5, boost: { promotionId: id(50), baseOdds: 2.1 } }],
    };
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ msg: 'Bet placed!', bets: [bet] }), { status: 201 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const boost = { id: id(50), baseOdds: 2.1, boostedOdds: 2.5, maxStake: 20 };
    useSlip.setState({ selections: [{ ...pick(1, 2.5), boost }], stake: '25' });
    renderSlip();
    expect(screen.getByText('Odds boost').nextSibling?.textContent).toBe('2.10 → 2.50, max stake $20');
    // over the boost's maximum: the server's words, and nothing sent
    expect(screen.getByText('The maximum stake on this odds boost is $20.00.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/stake/i), { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).selections).toEqual([
      { gameId: id(1), outcome: 'A', odds: 2.5, boostId: id(50) },
    ]);
    const receipt = await screen.findByRole('status');
    expect(receipt.textContent).toContain('Boost');
    expect(receipt.querySelector('s')?.textContent).toBe('2.10');
  });

  it('the receipt of a multi shows the acca bonus the server struck', async () => {
    signIn();
    const bet = {
      _id: id(98),
      stake: 10,
      totalOdds: 8,
      potentialPayout: 80,
      accaPromotionId: id(60),
      accaBonusPercent: 5,
      accaBonus: 3.5,
      selections: [1, 2, 3].map((n) => ({ gameId: id(n), outcome: 'A', odds: 2 })),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ msg: 'Bet placed!', bets: [bet] }), { status: 201 })),
    );
    useSlip.setState({ selections: [pick(1, 2), pick(2, 2), pick(3, 2)], betType: 'multi', stake: '10' });
    renderSlip();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Multi Bet' }));
    });
    const receipt = await screen.findByRole('status');
    expect(within(receipt).getByText('Acca bonus +5%').nextSibling?.textContent).toBe('+$3.50');
  });

  it('shows the acca bonus a multi reaches, and the next tier', () => {
    useOffers.setState({
      accas: [
        {
          id: id(60),
          rules: {
            kind: 'acca_bonus',
            tiers: [
              { legs: 3, percent: 5 },
              { legs: 4, percent: 10 },
            ],
            minOddsPerLeg: 1.2,
          },
        },
      ],
    });
    useSlip.setState({ selections: [pick(1, 2), pick(2, 2), pick(3, 2)], betType: 'multi', stake: '10' });
    renderSlip();
    expect(screen.getByText('Acca bonus +5%').nextSibling?.textContent).toBe('+$3.50');
    expect(screen.getByText('Add 1 more leg for +10%')).toBeTruthy();
  });

  it('sends "Ask me on every change" as oddsChange none', async () => {
    signIn();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    useSlip.setState({ selections: [pick(1, 2)], stake: '5', acceptOdds: 'none' });
    renderSlip();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Bet' }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body)).oddsChange).toBe('none');
  });

  it('places a multi with stake', async () => {
    signIn();
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    useSlip.setState({
      selections: [pick(1, 2), pick(2, 3)],
      betType: 'multi',
      stake: '10',
      keepSelections: true,
      acceptOdds: 'higher',
    });
    renderSlip();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Multi Bet' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bets placed successfully!'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/bets/multi');
    expect(JSON.parse(String(init.body)).stake).toBe(10);
    expect(JSON.parse(String(init.body)).oddsChange).toBe('higher');
    expect(useSlip.getState().selections).toHaveLength(2); // keep-selections ticked
  });

  it('Max fills the stake from the wallet balance', () => {
    signIn();
    useWallet.setState({ balance: 90 });
    useSlip.setState({ selections: [pick(1, 2), pick(2, 3), pick(3, 4)] });
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Stake per bet ($)') as HTMLInputElement).value).toBe('30');
    fireEvent.click(screen.getByRole('button', { name: '+5' }));
    expect((screen.getByLabelText('Stake per bet ($)') as HTMLInputElement).value).toBe('35');
  });

  it('shares the slip and copies the link', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ shareUrl: 'http://x/slip/abc' }), { status: 201 })),
    );
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    useSlip.setState({ selections: [pick(1, 2)] });
    renderSlip();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share Slip' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Share link copied to clipboard!'));
    expect(writeText).toHaveBeenCalledWith('http://x/slip/abc');
  });

  it('refuses to share an empty slip', () => {
    renderSlip();
    fireEvent.click(screen.getByRole('button', { name: 'Share Slip' }));
    expect(toast.error).toHaveBeenCalledWith('Add selections to your slip before sharing.');
  });
});

const TOKEN = 'c'.repeat(24);
function holdToken(over: { minOdds?: number; status?: 'active' | 'used' | 'expired' } = {}) {
  useMyPromotions.setState({
    promotions: [
      {
        claimId: '1'.repeat(24),
        promotionId: '2'.repeat(24),
        kind: 'free_bet',
        status: 'open',
        claimedAt: '2026-11-25T10:00:00.000Z',
        grants: [],
        freeBets: [
          {
            _id: TOKEN,
            amount: 10,
            minOdds: over.minOdds ?? 1.8,
            status: over.status ?? 'active',
            betId: null,
            expiresAt: '2099-12-02T10:00:00.000Z',
          },
        ],
      },
    ],
  });
}

describe('<BetSlip> free bets (issue 33)', () => {
  it('has no picker without a usable token', () => {
    signIn();
    holdToken({ status: 'used' });
    useSlip.setState({ selections: [pick(1, 2.1)] });
    renderSlip();
    expect(screen.queryByLabelText('Use a free bet')).toBeNull();
  });

  it('a picked token is the stake, the payout leaves the stake out, and POST /bets/singles sends freeBetId', async () => {
    signIn();
    useWallet.setState({ balance: 0 }); // the token pays: no balance needed
    holdToken();
    const placedBet = {
      _id: 'e'.repeat(24),
      betType: 'single',
      stake: 10,
      totalOdds: 2.1,
      potentialPayout: 11,
      freeBetId: TOKEN,
      freeBetAmount: 10,
      selections: [{ gameId: id(1), outcome: 'A', odds: 2.1 }],
    };
    const fetchMock = vi.fn(async (url: string) =>
      String(url).includes('/promotions/mine')
        ? new Response(JSON.stringify({ promotions: [] }), { status: 200 })
        : new Response(JSON.stringify({ msg: 'Bets placed successfully!', bets: [placedBet], balance: 0 }), {
            status: 201,
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSlip.setState({ selections: [pick(1, 2.1)], stake: '3' });
    renderSlip();
    fireEvent.change(screen.getByLabelText('Use a free bet'), { target: { value: TOKEN } });
    const stake = screen.getByLabelText('Stake per bet ($)') as HTMLInputElement;
    expect(stake.value).toBe('10');
    expect(stake.readOnly).toBe(true);
    expect(screen.getByText('Free bet').nextSibling?.textContent).toBe('$10.00');
    expect(screen.getByText('(stake not returned)')).toBeTruthy();
    expect(screen.getByText(/Potential Payout/).nextSibling?.textContent).toBe('$11.00'); // 10 × 2.10 − 10
    expect(screen.queryByRole('alert')).toBeNull(); // no "Insufficient balance"
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Free Bet' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Bets placed successfully!'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/bets/singles');
    expect(JSON.parse(String(init.body))).toEqual({
      stakePerBet: 10,
      selections: [{ gameId: id(1), outcome: 'A', odds: 2.1 }],
      oddsChange: 'higher',
      freeBetId: TOKEN,
    });
    // the receipt says a free bet paid; the token list is read again
    expect(screen.getByText('Free bet used').nextSibling?.textContent).toBe('$10.00');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/promotions/mine'))).toBe(true),
    );
    expect(useSlip.getState().freeBetId).toBeNull();
  });

  it("below the token's minimum odds: a warning and no Place", () => {
    signIn();
    holdToken({ minOdds: 1.8 });
    useSlip.setState({ selections: [pick(1, 1.5)], freeBetId: TOKEN, stake: '10' });
    renderSlip();
    expect(screen.getByRole('alert').textContent).toContain(
      'This free bet needs total odds of 1.80 or more.',
    );
    expect((screen.getByRole('button', { name: 'Place Free Bet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('a set of singles cannot use it (the picker says why); a multi can, sent to /bets/multi', async () => {
    signIn();
    holdToken();
    useSlip.setState({ selections: [pick(1, 1.5), pick(2, 2)], freeBetId: TOKEN, stake: '10' });
    renderSlip();
    const picker = screen.getByLabelText('Use a free bet') as HTMLSelectElement;
    expect(picker.disabled).toBe(true);
    expect(screen.getByText('A free bet pays one bet: a single on one selection, or a multi.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Place 2 Single Bets' })).toBeTruthy();

    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
    fireEvent.click(screen.getByRole('radio', { name: 'Multi' }));
    expect(picker.disabled).toBe(false);
    expect(picker.value).toBe(TOKEN);
    expect(screen.getByText(/Potential Payout/).nextSibling?.textContent).toBe('$20.00'); // 10 × 3.00 − 10
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Place Free Bet' }));
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/bets/multi');
    expect(JSON.parse(String(init.body))).toMatchObject({ stake: 10, freeBetId: TOKEN });
  });
});
