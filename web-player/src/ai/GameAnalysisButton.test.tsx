import { useSession } from '@bet/web-shell/core';
import { aGame, aUser } from '@bet/web-shell/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GameAnalysisButton } from './GameAnalysisButton';

// the markdown renderer is a lazy chunk: loaded once here, so a render waits for React only
beforeAll(() => import('./AiMarkdown'));

const game = aGame({ _id: 'c'.repeat(24), homeTeam: 'Lyon', awayTeam: 'Nice', status: 'upcoming' });
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<GameAnalysisButton>', () => {
  it('asks visitors to log in, without calling the service', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ status: 'anonymous', user: null });
    render(
      <MemoryRouter>
        <GameAnalysisButton game={game} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'AI analysis of Lyon vs Nice' }));
    expect(screen.getByRole('dialog').textContent).toContain('Login or register to view AI analysis');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the analysis of the game for a signed-in player', async () => {
    const fetchMock = vi.fn(async (_u: string, _i?: RequestInit) =>
      json({ analysis: 'Lyon are **favourites**.' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSession.setState({ status: 'authenticated', user: aUser({ username: 'ada' }) });
    render(
      <MemoryRouter>
        <GameAnalysisButton game={game} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'AI analysis of Lyon vs Nice' }));
    expect((await screen.findByText('favourites')).tagName).toBe('STRONG');
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/v1/ai/analyze-game');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ gameId: game._id });
  });
});
