import { api, msgOr, type Outcome, useSession } from '@bet/web-shell/core';
import { useEffect, useState } from 'react';
import { combinedOdds } from '../slip/rules';
import { useSlip } from '../slip/store';
import { ErrorText, Spinner } from '../ui/common';
import { AiText } from './AiText';
import type { SlipAnalysis, SlipSuggestions } from './types';
import './ai.css';

type Shown =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'error'; msg: string }
  | { kind: 'analysis'; text: string }
  | { kind: 'suggestions'; data: SlipSuggestions };

const LABEL: Record<Outcome, string> = { A: 'Home', Draw: 'Draw', B: 'Away' };

/** Bet slip tools for signed-in players: the AI analysis of the slip and suggestions to add. */
export function SlipTools() {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const selections = useSlip((s) => s.selections);
  // singles are analysed as singles, a multi as a multi
  const betType = useSlip((s) => s.betType);
  const toggle = useSlip((s) => s.toggle);
  const [shown, setShown] = useState<Shown>({ kind: 'none' });

  // an answer about another slip would mislead: drop it when the selections change
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on every change of the selections
  useEffect(() => setShown({ kind: 'none' }), [selections, betType]);

  if (!signedIn || selections.length === 0) return null;
  // a pick off 1X2 names its market (the AI service checks it against the catalogue)
  const body = selections.map((s) =>
    s.market
      ? { gameId: s.gameId, market: s.market, outcome: s.outcome, odds: s.odds }
      : { gameId: s.gameId, outcome: s.outcome, odds: s.odds },
  );

  async function analyse() {
    setShown({ kind: 'loading' });
    try {
      const { analysis } = await api.post<SlipAnalysis>(
        '/ai/analyze-slip',
        { selections: body, betType },
        { silent: true },
      );
      setShown({ kind: 'analysis', text: analysis });
    } catch (err) {
      setShown({ kind: 'error', msg: msgOr(err, 'Could not analyse your slip right now.') });
    }
  }
  async function suggest() {
    setShown({ kind: 'loading' });
    try {
      const data = await api.post<SlipSuggestions>(
        '/ai/slip-suggestions',
        { selections: body, totalOdds: combinedOdds(selections) },
        { silent: true },
      );
      setShown({ kind: 'suggestions', data });
    } catch (err) {
      setShown({ kind: 'error', msg: msgOr(err, 'Could not get suggestions right now.') });
    }
  }

  return (
    <div className="ai-slip">
      <div className="ai-slip__actions">
        <button type="button" className="btn btn--sm" onClick={analyse} disabled={shown.kind === 'loading'}>
          AI Slip Analysis
        </button>
        <button type="button" className="btn btn--sm" onClick={suggest} disabled={shown.kind === 'loading'}>
          AI Suggestions
        </button>
      </div>
      {shown.kind === 'loading' && <Spinner label="Thinking…" />}
      {shown.kind === 'error' && <ErrorText>{shown.msg}</ErrorText>}
      {shown.kind === 'analysis' && <AiText text={shown.text} />}
      {shown.kind === 'suggestions' && (
        <div className="ai-slip__suggestions">
          {shown.data.combinationSuggestions.length > 0 && (
            <ul>
              {shown.data.combinationSuggestions.map((s) => (
                <li key={`${s.gameId}${s.outcome}`}>
                  <strong>
                    {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}: {LABEL[s.outcome] ?? s.outcome} @{' '}
                    {Number(s.odds).toFixed(2)}
                  </strong>
                  <p className="muted">{s.justification}</p>
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() =>
                      toggle({
                        gameId: s.gameId,
                        outcome: s.outcome,
                        odds: s.odds,
                        gameDetails: s.gameDetails,
                      })
                    }
                  >
                    Add to slip
                  </button>
                </li>
              ))}
            </ul>
          )}
          {shown.data.alternativeBet.explanation && <AiText text={shown.data.alternativeBet.explanation} />}
        </div>
      )}
    </div>
  );
}
