import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Promotion } from '../types';
import { PromotionForm } from './PromotionForm';
import { checkRules, DEFAULT_DRAFTS, draftOf, kindForType, type RulesDraft } from './rules';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast, Toaster: () => null }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const draft = (kind: RulesDraft['kind'], patch: Record<string, unknown> = {}): RulesDraft => {
  const d = draftOf(null);
  if (kind !== 'none') Object.assign(d.drafts[kind], patch);
  return { ...d, kind };
};
const paths = (r: ReturnType<typeof checkRules>) => r.problems.map((p) => p.path);

describe("checkRules: the server's problems, before sending", () => {
  it('every kind at its defaults is valid and turns into the API shape', () => {
    expect(checkRules('Bonus', draft('deposit_match')).rules).toEqual({
      kind: 'deposit_match',
      percent: 100,
      cap: 100,
      wagering: 5,
      minOdds: 1.5,
      expiresInDays: 30,
      firstDepositOnly: true,
    });
    expect(checkRules('FreeBet', draft('free_bet', { leagues: ' Premier League , La Liga,' })).rules).toEqual(
      {
        kind: 'free_bet',
        amount: 10,
        minOdds: 1.5,
        expiresInDays: 7,
        leagues: ['Premier League', 'La Liga'],
      },
    );
    const boost = checkRules(
      'OddsBoost',
      draft('odds_boost', { gameId: 'a'.repeat(24), boostedOdds: '3.5' }),
    );
    expect(boost).toEqual({
      rules: {
        kind: 'odds_boost',
        gameId: 'a'.repeat(24),
        market: '1x2',
        outcome: 'A',
        boostedOdds: 3.5,
        maxStake: 20,
      },
      problems: [],
    });
    expect(checkRules('Bonus', draft('acca_bonus')).problems).toEqual([]);
    expect(checkRules('Bonus', draft('none'))).toEqual({ rules: null, problems: [] });
  });

  it('names the fields at fault with the paths the server uses', () => {
    expect(paths(checkRules('FreeBet', draft('deposit_match')))).toEqual(['rules.kind']);
    expect(
      paths(checkRules('FreeBet', draft('free_bet', { amount: '10.005', minOdds: '1', expiresInDays: '0' }))),
    ).toEqual(['rules.amount', 'rules.minOdds', 'rules.expiresInDays']);
    expect(checkRules('FreeBet', draft('free_bet', { amount: '10.005' })).problems[0].msg).toBe(
      'Amount must be whole cents',
    );
    expect(
      paths(checkRules('Bonus', draft('deposit_match', { percent: '2.5', wagering: '101', cap: '' }))),
    ).toEqual(['rules.percent', 'rules.cap', 'rules.wagering']);
    expect(paths(checkRules('OddsBoost', draft('odds_boost', { boostedOdds: '' })))).toEqual([
      'rules.gameId',
      'rules.boostedOdds',
    ]);
    const acca = draft('acca_bonus', {
      tiers: [
        { legs: '3', percent: '3' },
        { legs: '3', percent: '5' },
        { legs: '1', percent: '0' },
      ],
    });
    expect(paths(checkRules('Bonus', acca))).toEqual([
      'rules.tiers[2].legs',
      'rules.tiers[2].percent',
      'rules.tiers',
    ]);
    expect(paths(checkRules('Bonus', draft('acca_bonus', { tiers: [] })))).toContain('rules.tiers');
  });

  it("a change of type keeps a kind that fits, else takes the type's first", () => {
    expect(kindForType('Bonus', 'acca_bonus')).toBe('acca_bonus');
    expect(kindForType('FreeBet', 'acca_bonus')).toBe('free_bet');
    expect(kindForType('OddsBoost', 'none')).toBe('none');
    expect(draftOf({ kind: 'free_bet', amount: 5, minOdds: 2, expiresInDays: 3, markets: ['1x2'] })).toEqual({
      kind: 'free_bet',
      drafts: {
        ...DEFAULT_DRAFTS,
        free_bet: { amount: '5', minOdds: '2', expiresInDays: '3', leagues: '', markets: '1x2' },
      },
    });
  });
});

describe('<PromotionForm> rules (issue 33)', () => {
  const fill = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('edits a free bet with a live preview, refuses a bad amount before sending, then sends the rules', async () => {
    const fetchMock = vi.fn(async () => json({ msg: 'Promotion created successfully!' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const onDone = vi.fn();
    render(<PromotionForm promo={null} onClose={() => {}} onDone={onDone} />);
    fill('Title', 'Free $5 bet');
    fill('Description', 'On us.');
    fill('Type', 'FreeBet');
    expect(screen.getByText('No rules: players see the title and description only.')).toBeTruthy();
    fill('Rules', 'free_bet');
    fill('Amount ($)', '5');
    fill('Minimum odds', '1.8');
    expect(screen.getByTestId('terms-preview').textContent).toBe(
      'A $5 free bet at odds 1.80+, valid 7 days after you claim it. Stake not returned.',
    );
    fill('Amount ($)', '0');
    expect(screen.getByText('Fix the fields above to see the terms.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Promotion' }));
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Amount must be greater than 0')).toBeTruthy();
    expect(screen.getByLabelText('Amount ($)').getAttribute('aria-describedby')).toBeTruthy();
    fill('Amount ($)', '5');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create Promotion' }));
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Promotion created successfully!'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/promotions');
    expect(JSON.parse(String(init.body))).toEqual({
      title: 'Free $5 bet',
      description: 'On us.',
      promoType: 'FreeBet',
      isActive: true,
      expiresAt: null,
      rules: { kind: 'free_bet', amount: 5, minOdds: 1.8, expiresInDays: 7 },
    });
    expect(onDone).toHaveBeenCalled();
  });

  it("shows the server's msg as a toast and its errors[] under their fields", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            msg: 'rules.minOddsPerLeg must be at most 1000',
            errors: [
              {
                path: 'rules.minOddsPerLeg',
                location: 'body',
                msg: 'rules.minOddsPerLeg must be at most 1000',
              },
            ],
          },
          400,
        ),
      ),
    );
    const promo = {
      _id: 'c'.repeat(24),
      title: 'Acca',
      description: 'More on multis',
      promoType: 'Bonus',
      isActive: true,
      expiresAt: null,
      rules: { kind: 'acca_bonus', minOddsPerLeg: 1.2, tiers: [{ legs: 3, percent: 3 }] },
    } as Promotion;
    render(<PromotionForm promo={promo} onClose={() => {}} onDone={() => {}} />);
    // the saved rules come back into the form, and the preview says them
    expect(screen.getByTestId('terms-preview').textContent).toBe(
      'A payout bonus of +3% on multis of 3+ legs, each leg at odds 1.20+.',
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('rules.minOddsPerLeg must be at most 1000'));
    expect(screen.getByLabelText('Minimum odds per leg').closest('.field')?.textContent).toContain(
      'rules.minOddsPerLeg must be at most 1000',
    );
    // a change clears the server's word
    fill('Minimum odds per leg', '1.3');
    expect(screen.queryByText('rules.minOddsPerLeg must be at most 1000')).toBeNull();
  });
});
