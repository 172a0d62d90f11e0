import type { Game } from '@bet/web-shell/core';
import { aGame } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveTicker } from './LiveTicker';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const live = (over: Partial<Game> = {}): Game =>
  aGame({
    _id: 'a'.repeat(24),
    homeTeam: 'Enyimba',
    awayTeam: 'Rivers United',
    matchDate: new Date().toISOString(),
    status: 'live',
    scores: { home: 0, away: 0 },
    elapsedTime: 31,
    phase: '1H',
    ...over,
  });

describe('the live ticker', () => {
  it('lists every game in play with its minute and score, HT at half-time, and opens one', () => {
    const open = vi.fn();
    render(
      <LiveTicker
        games={[live(), live({ _id: 'b'.repeat(24), homeTeam: 'Kano Pillars', phase: 'HT' })]}
        onOpen={open}
      />,
    );
    const strip = screen.getByRole('navigation', { name: 'Live scores' });
    expect(strip.textContent).toContain("31'");
    const ht = screen.getByRole('button', { name: 'Kano Pillars 0, Rivers United 0, half-time' });
    fireEvent.click(ht);
    expect(open).toHaveBeenCalledWith(expect.objectContaining({ homeTeam: 'Kano Pillars' }));
  });

  it('marks a goal for a moment when a score changes', () => {
    vi.useFakeTimers();
    const { rerender } = render(<LiveTicker games={[live()]} />);
    expect(screen.queryByText('Goal')).toBeNull();
    rerender(<LiveTicker games={[live({ scores: { home: 1, away: 0 }, elapsedTime: 32 })]} />);
    expect(screen.getByText('Goal')).toBeTruthy();
    expect(screen.getByRole('button', { name: "Enyimba 1, Rivers United 0, 32'" })).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(4_500);
    });
    expect(screen.queryByText('Goal')).toBeNull();
  });

  it('is not there when nothing is live', () => {
    render(<LiveTicker games={[]} />);
    expect(screen.queryByRole('navigation', { name: 'Live scores' })).toBeNull();
  });
});
