import { api, formatMoney, msgOr } from '@bet/web-shell/core';
import { useState } from 'react';
import { ErrorText, Spinner } from '../ui/common';
import { AiText } from './AiText';
import type { LimitAdvice } from './types';

/** Settings: an AI suggestion of weekly limits from the player's history, with Apply. */
export function LimitSuggestion({ onApply }: { onApply: (betCount: number, stakeAmount: number) => void }) {
  const [state, setState] = useState<{ data?: LimitAdvice; error?: string; loading: boolean }>({
    loading: false,
  });
  async function load() {
    setState({ loading: true });
    try {
      const data = await api.get<LimitAdvice>('/ai/limit-suggestion', { silent: true });
      setState({ data, loading: false });
    } catch (err) {
      setState({ error: msgOr(err, 'Could not get a suggestion at this time.'), loading: false });
    }
  }
  const limits = state.data?.suggestedLimits;
  const applicable = typeof limits?.betCount === 'number' && typeof limits?.stakeAmount === 'number';
  return (
    <div className="ai-limit">
      <button type="button" className="btn" onClick={load} disabled={state.loading}>
        Get AI Limit Suggestion
      </button>
      {state.loading && <Spinner label="Thinking…" />}
      {state.error && <ErrorText>{state.error}</ErrorText>}
      {state.data?.suggestion && (
        <div className="ai-limit__result">
          <AiText text={state.data.suggestion} />
          {applicable && (
            <div className="ai-limit__apply">
              <span>
                Suggested: <strong>{limits.betCount} bets</strong> and{' '}
                <strong>{formatMoney(limits.stakeAmount)}</strong> a week
              </span>
              <button
                type="button"
                className="btn btn--primary btn--sm"
                onClick={() => onApply(limits.betCount as number, limits.stakeAmount as number)}
              >
                Apply
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
