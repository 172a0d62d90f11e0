import type { Answer } from '@bet/api-types';
import { api, msgOr, toast } from '@bet/web-shell/core';
import { Modal } from '@bet/web-shell/ui';
import { useState } from 'react';
import { PostPreview } from './PostPreview';

/**
 * Game row action: asks for a social post and copies it ('Post copied to clipboard!'), then
 * shows it as it will read on a feed (issue 34 item 7), to copy again or generate another.
 * Where the clipboard is refused, the preview still holds the post to copy by hand.
 */
export function SocialPostButton({ gameId }: { gameId: string }) {
  const [busy, setBusy] = useState(false);
  const [post, setPost] = useState<string | null>(null);
  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      toast.success('Post copied to clipboard!');
    } catch {
      toast.error('Could not copy: select the text and copy it.');
    }
  }
  async function generate() {
    setBusy(true);
    try {
      const res = await api.post<Answer<'/ai/generate-social-post', 'post'>>(
        '/ai/generate-social-post',
        { gameId },
        { silent: true },
      );
      setPost(res.post);
      await copy(res.post);
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="btn btn--sm" disabled={busy} onClick={generate}>
        {busy ? 'Generating…' : 'Generate Social Post'}
      </button>
      {post !== null ? (
        <Modal title="Social Post Preview" onClose={() => setPost(null)}>
          <PostPreview text={post} />
          <div className="form-actions">
            <button type="button" className="btn" disabled={busy} onClick={generate}>
              {busy ? 'Generating…' : 'Generate Another'}
            </button>
            <button type="button" className="btn btn--primary" onClick={() => copy(post)}>
              Copy Post
            </button>
          </div>
        </Modal>
      ) : null}
    </>
  );
}
