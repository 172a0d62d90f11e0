import { useSession } from '@bet/web-shell/core';
import { aUser } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useMyPromotions } from '../promo/mine';
import Promotions from './Promotions';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast, Toaster: () => null }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const FREE_BET_ID = 'f'.repeat(24);
const MATCH_ID = 'd'.repeat(24);
const freeBetPromo = {
  _id: FREE_BET_ID,
  title: 'Free $10 bet',
  description: 'A free bet for the weekend.',
  promoType: 'FreeBet',
  isActive: true,
  expiresAt: null,
  rules: { kind: 'free_bet', amount: 10, minOdds: 1.8, expiresInDays: 7 },
};
const depositPromo = {
  _id: MATCH_ID,
  title: 'Welcome match',
  description: 'We match your first deposit.',
  promoType: 'Bonus',
  isActive: true,
  expiresAt: null,
  rules: {
    kind: 'deposit_match',
    percent: 100,
    cap: 100,
    wagering: 5,
    minOdds: 1.5,
    expiresInDays: 30,
    firstDepositOnly: true,
  },
};
const accaPromo = {
  _id: 'e'.repeat(24),
  title: 'Acca bonus',
  description: 'More on multis.',
  promoType: 'Bonus',
  isActive: true,
  expiresAt: null,
  rules: {
    kind: 'acca_bonus',
    minOddsPerLeg: 1.2,
    tiers: [
      { legs: 5, percent: 10 },
      { legs: 3, percent: 3 },
    ],
  },
};
const LIST = { promotions: [freeBetPromo, depositPromo, accaPromo] };

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/promotions']}>
      <Routes>
        <Route path="/promotions" element={<Promotions />} />
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function signIn() {
  localStorage.setItem('accessToken', 'a.b.c');
  useSession.setState({ status: 'authenticated', user: aUser() });
}

/** A fetch that answers by method and path, recording the calls. */
function server(routes: Record<string, () => Response>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(url).replace('/api/v1', '').split('?')[0]}`;
    calls.push(key);
    const answer = routes[key];
    return answer ? answer() : json({ msg: `no route ${key}` }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

beforeEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
  useMyPromotions.setState({ promotions: null, error: null, loading: false });
});
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
    renderPage();
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

describe('<Promotions> terms and claims (issue 33)', () => {
  it("shows each offer's terms; a visitor is asked to sign in to claim, and gets no My Promotions", async () => {
    server({ 'GET /promotions': () => json(LIST) });
    renderPage();
    expect(
      await screen.findByText(
        'A $10 free bet at odds 1.80+, valid 7 days after you claim it. Stake not returned.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('100% of your first deposit up to $100, wager 5× at odds 1.50+ within 30 days.'),
    ).toBeTruthy();
    // the accumulator tiers, in order of legs; it is not claimed
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['LegsBonus', '3++3%', '5++10%']);
    expect(screen.getByText('Applies automatically')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Sign in to claim' })).toHaveLength(2);
    expect(screen.queryByText('My Promotions')).toBeNull();
    fireEvent.click(screen.getAllByRole('link', { name: 'Sign in to claim' })[0]);
    expect(screen.getByText('login page')).toBeTruthy();
  });

  it("claims: the server's msg as a toast, then the offer reads Claimed and My Promotions shows the token", async () => {
    signIn();
    let claimed = false;
    const calls = server({
      'GET /promotions': () => json(LIST),
      'GET /promotions/mine': () =>
        json({
          promotions: claimed
            ? [
                {
                  claimId: '1'.repeat(24),
                  promotionId: FREE_BET_ID,
                  kind: 'free_bet',
                  status: 'open',
                  claimedAt: '2026-11-25T10:00:00.000Z',
                  grants: [],
                  freeBets: [
                    {
                      _id: '2'.repeat(24),
                      amount: 10,
                      minOdds: 1.8,
                      status: 'active',
                      betId: null,
                      expiresAt: '2099-12-02T10:00:00.000Z',
                    },
                  ],
                },
              ]
            : [],
        }),
      [`POST /promotions/${FREE_BET_ID}/claim`]: () => {
        claimed = true;
        return json({ msg: 'Promotion claimed.', claimId: '1'.repeat(24) }, 201);
      },
    });
    renderPage();
    expect(await screen.findByText('No Promotions Claimed')).toBeTruthy();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Claim Free $10 bet' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Promotion claimed.'));
    expect(calls).toContain(`POST /promotions/${FREE_BET_ID}/claim`);
    expect(await screen.findByText('$10.00 free bet')).toBeTruthy();
    expect(screen.getByText('Claimed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim Free $10 bet' })).toBeNull();
    // the deposit match is still to claim
    expect(screen.getByRole('button', { name: 'Claim Welcome match' })).toBeTruthy();
  });

  it("a refused claim shows the server's msg and leaves the button", async () => {
    signIn();
    server({
      'GET /promotions': () => json(LIST),
      'GET /promotions/mine': () => json({ promotions: [] }),
      [`POST /promotions/${MATCH_ID}/claim`]: () =>
        json({ msg: 'You are taking a break: offers are paused until it ends.' }, 403),
    });
    renderPage();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Claim Welcome match' }));
    });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('You are taking a break: offers are paused until it ends.'),
    );
    expect(screen.getByRole('button', { name: 'Claim Welcome match' })).toBeTruthy();
  });

  it('shows a bonus with its wagering progress, amount left and expiry', async () => {
    signIn();
    server({
      'GET /promotions': () => json(LIST),
      'GET /promotions/mine': () =>
        json({
          promotions: [
            {
              claimId: '3'.repeat(24),
              promotionId: MATCH_ID,
              kind: 'deposit_match',
              status: 'open',
              claimedAt: '2026-11-25T10:00:00.000Z',
              freeBets: [],
              grants: [
                {
                  _id: '4'.repeat(24),
                  amount: 50,
                  remaining: 50,
                  wagered: 100,
                  required: 250,
                  minOdds: 1.5,
                  status: 'active',
                  expiresAt: '2099-12-25T10:00:00.000Z',
                  createdAt: '2026-11-25T10:00:00.000Z',
                },
              ],
            },
          ],
        }),
    });
    renderPage();
    const bar = await screen.findByRole('progressbar', { name: 'Wagered $100.00 of $250.00' });
    expect(bar.getAttribute('aria-valuenow')).toBe('100');
    expect(bar.getAttribute('aria-valuemax')).toBe('250');
    expect(screen.getByText('40%')).toBeTruthy();
    // the title comes from the offer list
    expect(screen.getAllByText('Welcome match')).toHaveLength(2);
    expect(screen.getByText(/\$50\.00 left · stakes at odds 1\.50\+ count · expires/)).toBeTruthy();
  });
});
