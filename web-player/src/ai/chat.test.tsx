import { toast, useSession } from '@bet/web-shell/core';
import { aUser } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSlip } from '../slip/store';
import { ChatWidget } from './ChatWidget';
import { BET_ADDED, CHAT_ERROR, historyOf, useAiChat } from './chat';

vi.mock('sonner', () => ({
  toast: { error: vi.fn(), success: vi.fn(), info: vi.fn() },
  Toaster: () => null,
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  useAiChat.setState({ open: false, messages: [], loading: false });
  useSlip.getState().clear();
  useSession.setState({
    status: 'authenticated',
    user: aUser({ username: 'ada' }),
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('historyOf', () => {
  it('keeps the last six messages in the role/parts shape', () => {
    const msgs = Array.from({ length: 8 }, (_, i) => ({
      role: (i % 2 ? 'model' : 'user') as 'user' | 'model',
      text: `m${i}`,
    }));
    const h = historyOf(msgs);
    expect(h).toHaveLength(6);
    expect(h[0]).toEqual({ role: 'user', parts: [{ text: 'm2' }] });
    expect(h[5]).toEqual({ role: 'model', parts: [{ text: 'm7' }] });
  });
});

describe('<ChatWidget>', () => {
  it('is hidden for visitors', () => {
    useSession.setState({ status: 'anonymous', user: null });
    render(<ChatWidget />);
    expect(screen.queryByRole('button', { name: 'Open AI chat' })).toBeNull();
  });

  it('greets by username, ignores blank input, adds a proposed bet to the slip', async () => {
    const fetchMock = vi.fn(async (_u: string, _i?: RequestInit) =>
      json({
        reply: 'Arsenal to win at **2.10**.',
        betSlip: {
          gameId: 'b'.repeat(24),
          outcome: 'A',
          gameDetails: { homeTeam: 'Arsenal', awayTeam: 'Chelsea' },
          oddsAtTimeOfBet: { home: 2.1, away: 3.4, draw: 3.2 },
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<ChatWidget />);
    fireEvent.click(screen.getByRole('button', { name: 'Open AI chat' }));
    expect(screen.getByText(/Hi ada!/)).toBeTruthy();

    const input = screen.getByPlaceholderText('Ask me anything…');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'suggest a bet' } });
    fireEvent.submit(input.closest('form')!);
    await screen.findByText('2.10');
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]?.body));
    expect(body.message).toBe('suggest a bet');
    expect(body.history).toEqual([{ role: 'model', parts: [{ text: expect.stringContaining('Hi ada!') }] }]);
    expect(useSlip.getState().selections).toEqual([
      expect.objectContaining({ gameId: 'b'.repeat(24), outcome: 'A', odds: 2.1 }),
    ]);
    expect(toast.success).toHaveBeenCalledWith(BET_ADDED);
  });

  it('shows the error line on a failure or an empty reply', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ reply: '  ' })),
    );
    render(<ChatWidget />);
    fireEvent.click(screen.getByRole('button', { name: 'Open AI chat' }));
    await act(() => useAiChat.getState().send('hello'));
    expect(screen.getByText(CHAT_ERROR)).toBeTruthy();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ msg: 'boom' }, 500)),
    );
    await act(() => useAiChat.getState().send('again'));
    expect(screen.getAllByText(CHAT_ERROR)).toHaveLength(2);
  });
});
