import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Game } from '../types';
import { SetResult } from './SetResult';

afterEach(cleanup);

const game = {
  _id: 'a'.repeat(24),
  homeTeam: 'Enyimba',
  awayTeam: 'Rivers United',
  league: 'NPFL',
  matchDate: '2026-11-28T15:00:00.000Z',
  status: 'upcoming',
} as unknown as Game;

describe('<SetResult>', () => {
  it('says, before the admin confirms, that the bets on the game will be settled', () => {
    render(<SetResult game={game} onClose={() => {}} onDone={() => {}} />);
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toMatch(
      /Setting the result finishes the game and settles every bet on it: winning bets are paid\./,
    );
    expect(screen.getByRole('button', { name: 'Set Result' })).toBeTruthy();
  });
});
