import { useSession } from '@bet/web-shell/core';
import { aUser } from '@bet/web-shell/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSlip } from '../slip/store';
import { SlipTools } from './SlipTools';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const id = (c: string) => c.repeat(24);

beforeEach(() => {
  useSlip.getState().clear();
  useSlip.getState().toggle({
    gameId: id('d'),
    outcome: 'A',
    odds: 2,
    gameDetails: { homeTeam: 'Porto', awayTeam: 'Braga' },
  });
  useSession.setState({ status: 'authenticated', user: aUser({ username: 'ada' }) });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<SlipTools>', () => {
  it('is hidden for visitors', () => {
    useSession.setState({ status: 'anonymous', user: null });
    render(<SlipTools />);
    expect(screen.queryByRole('button', { name: 'AI Slip Analysis' })).toBeNull();
  });

  it('analyses the slip and adds a suggested selection', async () => {
    const fetchMock = vi.fn(async (url: string, _i?: RequestInit) =>
      String(url).endsWith('/ai/analyze-slip')
        ? json({ analysis: 'A fair single.' })
        : json({
            combinationSuggestions: [
              {
                gameId: id('e'),
                gameDetails: { homeTeam: 'Ajax', awayTeam: 'PSV' },
                outcome: 'Draw',
                odds: 3.3,
                justification: 'Close sides.',
              },
            ],
            alternativeBet: { explanation: 'Or back Porto alone.' },
          }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<SlipTools />);
    fireEvent.click(screen.getByRole('button', { name: 'AI Slip Analysis' }));
    await screen.findByText('A fair single.');
    // the slip's bet type goes along: singles are analysed as singles
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({
      selections: [{ gameId: id('d'), outcome: 'A', odds: 2 }],
      betType: 'single',
    });
    fireEvent.click(screen.getByRole('button', { name: 'AI Suggestions' }));
    await screen.findByText('Close sides.');
    fireEvent.click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(useSlip.getState().selections.map((s) => s.gameId)).toEqual([id('d'), id('e')]);
  });

  it('names the market of a pick off 1X2', async () => {
    useSlip.getState().clear();
    useSlip.getState().toggle({
      gameId: id('f'),
      market: 'ou_2.5',
      outcome: 'over',
      odds: 1.85,
      gameDetails: { homeTeam: 'Porto', awayTeam: 'Braga' },
    });
    const fetchMock = vi.fn(async (_url: string, _i?: RequestInit) =>
      json({ analysis: 'Over 2.5 is fair.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<SlipTools />);
    fireEvent.click(screen.getByRole('button', { name: 'AI Slip Analysis' }));
    await screen.findByText('Over 2.5 is fair.');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body)).selections).toEqual([
      { gameId: id('f'), market: 'ou_2.5', outcome: 'over', odds: 1.85 },
    ]);
  });
});
