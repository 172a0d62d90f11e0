import type { Answer } from '@bet/api-types';
import { api, msgOr, toast } from '@bet/web-shell/core';
import { useState } from 'react';

/** Game card action: asks for a social post and copies it ('Post copied to clipboard!'). */
export function SocialPostButton({ gameId }: { gameId: string }) {
  const [busy, setBusy] = useState(false);
  async function generate() {
    setBusy(true);
    try {
      const { post } = await api.post<Answer<'/ai/generate-social-post', 'post'>>(
        '/ai/generate-social-post',
        { gameId },
        { silent: true },
      );
      await navigator.clipboard.writeText(post);
      toast.success('Post copied to clipboard!');
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn--small" disabled={busy} onClick={generate}>
      {busy ? 'Generating…' : 'Generate Social Post'}
    </button>
  );
}
