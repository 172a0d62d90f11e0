import { api, type Game, msgOr, useSession } from '@bet/web-shell/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorText, Spinner } from '../ui/common';
import { Modal } from '../ui/Modal';
import { AiText } from './AiText';
import type { GameAnalysis } from './types';
import './ai.css';

/** The small "AI" button on a game row: the AI analysis of the match (signed-in players). */
export function GameAnalysisButton({ game }: { game: Game }) {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ analysis?: string; error?: string; loading: boolean }>({
    loading: false,
  });
  const title = `${game.homeTeam} vs ${game.awayTeam}`;

  async function show() {
    setOpen(true);
    if (!signedIn || state.analysis || state.loading) return;
    setState({ loading: true });
    try {
      const { analysis } = await api.post<GameAnalysis>(
        '/ai/analyze-game',
        { gameId: game._id },
        { silent: true },
      );
      if (typeof analysis === 'string' && analysis.trim()) setState({ analysis, loading: false });
      else setState({ error: 'Could not analyse this game right now.', loading: false });
    } catch (err) {
      setState({ error: msgOr(err, 'Could not analyse this game right now.'), loading: false });
    }
  }

  return (
    <>
      <button type="button" className="ai-chip" onClick={show} aria-label={`AI analysis of ${title}`}>
        AI
      </button>
      {open && (
        <Modal title={`AI Analysis: ${title}`} onClose={() => setOpen(false)}>
          {!signedIn ? (
            <p>
              <Link to="/login">Login</Link> or <Link to="/register">register</Link> to view AI analysis
            </p>
          ) : (
            <>
              {state.loading && <Spinner label="Analysing…" />}
              {state.error && <ErrorText>{state.error}</ErrorText>}
              {state.analysis && <AiText text={state.analysis} />}
            </>
          )}
        </Modal>
      )}
    </>
  );
}
