import type { Answer } from '@bet/api-types';
import { api, msgOr, toast } from '@bet/web-shell/core';
import { ErrorText, FormField, Modal, Spinner } from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import { PostPreview } from './PostPreview';

/** Dashboard, Marketing Tools: the AI social media campaign generator (league + date → posts). */
export function CampaignButton() {
  const [open, setOpen] = useState(false);
  const [league, setLeague] = useState('');
  const [date, setDate] = useState('');
  const [posts, setPosts] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!league.trim() || !date) {
      toast.error('Please provide both a league and a date.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const r = await api.post<Answer<'/admin/social-campaign', 'post'>>(
        '/admin/social-campaign',
        { league: league.trim(), dateRange: date },
        { silent: true },
      );
      setPosts(r.campaign);
    } catch (err) {
      setError(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className="btn btn--primary" onClick={() => setOpen(true)}>
        Marketing Tools
      </button>
      {open && (
        <Modal title="AI Social Media Campaign" onClose={() => setOpen(false)} wide>
          <form onSubmit={submit} className="campaign-form" noValidate>
            <FormField label="League">
              {(id) => (
                <input
                  id={id}
                  value={league}
                  onChange={(e) => setLeague(e.target.value)}
                  placeholder="e.g. Premier League"
                />
              )}
            </FormField>
            <FormField label="Date">
              {(id) => <input id={id} type="date" value={date} onChange={(e) => setDate(e.target.value)} />}
            </FormField>
            <button type="submit" className="btn btn--primary campaign-form__submit" disabled={busy}>
              {busy ? 'Generating…' : 'Generate Campaign'}
            </button>
          </form>
          {busy && <Spinner />}
          {error && <ErrorText>{error}</ErrorText>}
          {posts && (
            <ol className="campaign-posts" aria-label="Campaign posts">
              {posts.map((p) => (
                <li key={p}>
                  <PostPreview text={p} />
                  <button
                    type="button"
                    className="btn btn--sm"
                    onClick={() =>
                      navigator.clipboard.writeText(p).then(
                        () => toast.success('Post copied to clipboard!'),
                        () => toast.error('Could not copy: select the text and copy it.'),
                      )
                    }
                  >
                    Copy
                  </button>
                </li>
              ))}
            </ol>
          )}
        </Modal>
      )}
    </>
  );
}
