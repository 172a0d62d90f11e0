import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_SELECTIONS, type SlipSelection } from './rules';
import { SLIP_STORAGE_KEY, useSlip } from './store';

const id = (n: number) => n.toString(16).padStart(24, '0');
const sel = (n: number, outcome: SlipSelection['outcome'] = 'A', odds = 2): SlipSelection => ({
  gameId: id(n),
  gameDetails: { homeTeam: `Home ${n}`, awayTeam: `Away ${n}` },
  outcome,
  odds,
});

beforeEach(() => {
  useSlip.setState({ selections: [], betType: 'single', stake: '', keepSelections: false });
});

describe('bet slip store', () => {
  it('toggles, replaces and caps at 10 selections', () => {
    const s = useSlip.getState();
    expect(s.toggle(sel(1))).toBe('added');
    expect(s.toggle(sel(1, 'B'))).toBe('updated');
    expect(useSlip.getState().selections).toEqual([sel(1, 'B')]);
    expect(s.toggle(sel(1, 'B'))).toBe('removed');
    for (let i = 1; i <= MAX_SELECTIONS; i++) s.toggle(sel(i));
    expect(s.toggle(sel(50))).toBe('max');
    expect(useSlip.getState().selections).toHaveLength(MAX_SELECTIONS);
    expect(s.toggle({ ...sel(60), gameId: 'not-an-id' })).toBe('invalid');
  });

  it('refuses Multi with fewer than two selections and falls back to Single when one is removed', () => {
    const s = useSlip.getState();
    s.toggle(sel(1));
    expect(s.setBetType('multi')).toBe(false);
    expect(useSlip.getState().betType).toBe('single');
    s.toggle(sel(2));
    expect(s.setBetType('multi')).toBe(true);
    expect(useSlip.getState().betType).toBe('multi');
    s.remove(id(2));
    expect(useSlip.getState().betType).toBe('single');
  });

  it('quick-adds and sets Max from the wallet balance', () => {
    const s = useSlip.getState();
    s.toggle(sel(1));
    s.toggle(sel(2));
    s.quickAdd(5);
    s.quickAdd(10);
    s.quickAdd(50);
    expect(useSlip.getState().stake).toBe('65');
    s.setMax(101);
    expect(useSlip.getState().stake).toBe('50.5'); // singles: balance / 2
    s.setBetType('multi');
    s.setMax(101);
    expect(useSlip.getState().stake).toBe('101');
  });

  it('clears after a bet unless keep-selections is ticked', () => {
    const s = useSlip.getState();
    s.toggle(sel(1));
    s.toggle(sel(2));
    s.setKeepSelections(true);
    s.afterPlaced();
    expect(useSlip.getState().selections).toHaveLength(2);
    s.setKeepSelections(false);
    s.afterPlaced();
    expect(useSlip.getState().selections).toHaveLength(0);
  });

  it('adds a shared slip without toggling existing picks off', () => {
    const s = useSlip.getState();
    s.toggle(sel(1));
    expect(s.addMany([sel(1), sel(2), sel(3, 'Draw')], 'multi')).toBe(2);
    expect(useSlip.getState().selections.map((x) => x.gameId)).toEqual([id(1), id(2), id(3)]);
    expect(useSlip.getState().betType).toBe('multi');
  });

  it('updates odds live and persists to localStorage', () => {
    const s = useSlip.getState();
    s.toggle(sel(1, 'Draw', 3));
    s.updateOdds(id(1), { home: 1.2, draw: 3.4, away: 6 });
    expect(useSlip.getState().selections[0].odds).toBe(3.4);
    const stored = JSON.parse(localStorage.getItem(SLIP_STORAGE_KEY) ?? '{}');
    expect(stored.state.selections[0]).toMatchObject({ gameId: id(1), outcome: 'Draw', odds: 3.4 });
  });
});
