import { api, msgOr } from '@bet/web-shell/core';
import { useState } from 'react';
import { ErrorText, Spinner } from '../ui/common';
import { Modal } from '../ui/Modal';
import { AiText } from './AiText';
import type { BettingFeedback } from './types';

/** Profile: 'Get AI Betting Feedback' opens a modal with feedback on the player's own bets. */
export function FeedbackButton() {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ feedback?: string; error?: string; loading: boolean }>({
    loading: false,
  });
  async function load() {
    setOpen(true);
    setState({ loading: true });
    try {
      const { feedback } = await api.get<BettingFeedback>('/ai/my-betting-feedback', { silent: true });
      if (typeof feedback === 'string' && feedback.trim()) setState({ feedback, loading: false });
      else setState({ error: 'Could not get feedback at this time.', loading: false });
    } catch (err) {
      setState({ error: msgOr(err, 'Could not get feedback at this time.'), loading: false });
    }
  }
  return (
    <>
      <button type="button" className="btn" onClick={load}>
        Get AI Betting Feedback
      </button>
      {open && (
        <Modal title="AI Betting Feedback" onClose={() => setOpen(false)}>
          {state.loading && <Spinner label="Analysing your bets…" />}
          {state.error && <ErrorText>{state.error}</ErrorText>}
          {state.feedback && <AiText text={state.feedback} />}
        </Modal>
      )}
    </>
  );
}
