import type { Answer } from '@bet/api-types';
import { api, msgOr } from '@bet/web-shell/core';
import { AiText, ErrorText, Modal, Spinner } from '@bet/web-shell/ui';
import { useState } from 'react';

/** Risk page: 'Get AI Summary' opens the 'AI Risk Summary' modal for the game. */
export function RiskSummaryButton({ gameId }: { gameId: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ summary?: string; error?: string; loading: boolean }>({
    loading: false,
  });
  async function load() {
    setOpen(true);
    setState({ loading: true });
    try {
      const { summary } = await api.get<Answer<'/admin/games/{id}/risk-summary'>>(
        `/admin/games/${gameId}/risk-summary`,
        { silent: true },
      );
      setState({ summary, loading: false });
    } catch (err) {
      setState({ error: msgOr(err, 'Action failed.'), loading: false });
    }
  }
  return (
    <>
      <button type="button" className="btn btn--sm" onClick={load}>
        Get AI Summary
      </button>
      {open && (
        <Modal title="AI Risk Summary" onClose={() => setOpen(false)}>
          {state.loading && <Spinner />}
          {state.error && <ErrorText>{state.error}</ErrorText>}
          {state.summary && <AiText text={state.summary} />}
        </Modal>
      )}
    </>
  );
}
