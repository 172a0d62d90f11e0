import { api, msgOr } from '@bet/web-shell/core';
import { type FormEvent, useId, useState } from 'react';
import { ErrorText, Spinner } from '../ui/common';
import { AiText } from './AiText';
import type { NewsSummary } from './types';

/** 'AI News & Performance Summary' of a team or player the user names. */
export function NewsSummaryCard() {
  const [topic, setTopic] = useState('');
  const [state, setState] = useState<{ summary?: string; error?: string; loading: boolean }>({
    loading: false,
  });
  const id = useId();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const t = topic.trim();
    if (!t) {
      setState({ loading: false, error: 'Please enter a team or player name.' });
      return;
    }
    if (state.loading) return;
    setState({ loading: true });
    try {
      const { summary } = await api.post<NewsSummary>('/ai/news-summary', { topic: t }, { silent: true });
      setState({ loading: false, summary });
    } catch (err) {
      setState({ loading: false, error: msgOr(err, 'Could not get a summary. Please try again.') });
    }
  }
  return (
    <section className="card ai-card" aria-labelledby="ai-summary-title">
      <h2 id="ai-summary-title" className="card__title">
        AI News &amp; Performance Summary
      </h2>
      <form className="ai-inline-form" onSubmit={submit} noValidate>
        <label htmlFor={id} className="visually-hidden">
          Team or player
        </label>
        <input
          id={id}
          required
          placeholder="Team or player, e.g. Arsenal"
          value={topic}
          onChange={(e) => setTopic(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={state.loading}>
          Get Summary
        </button>
      </form>
      {state.loading && <Spinner label="Summarising…" />}
      {state.error && <ErrorText>{state.error}</ErrorText>}
      {state.summary && <AiText text={state.summary} />}
    </section>
  );
}
