import { api, toast } from '@bet/web-shell/core';
import { useId } from 'react';
import { wirePick } from './place';
import type { SlipSelection } from './rules';
import type { ShareAnswer } from './types';

export const MSG_SHARE_COPIED = 'Share link copied to clipboard!';

export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    /* fall back below */
  }
  try {
    const ta = document.createElement('textarea');
    ta.value = text;
    ta.setAttribute('readonly', '');
    ta.style.position = 'fixed';
    ta.style.opacity = '0';
    document.body.appendChild(ta);
    ta.select();
    const ok = document.execCommand('copy');
    ta.remove();
    return ok;
  } catch {
    return false;
  }
}

export type ShareResult = Pick<ShareAnswer, 'shareUrl' | 'bookingCode'>;

/** Stores a slip on the server: its link and booking code. */
export async function shareSlip(
  selections: Array<Pick<SlipSelection, 'gameId' | 'market' | 'outcome'>>,
  betType: 'single' | 'multi',
): Promise<ShareResult> {
  const res = await api.post<ShareAnswer>(
    '/bets/share',
    { selections: selections.map(wirePick), betType },
    { silent: true },
  );
  if (!res?.shareUrl) throw new Error('No share link was returned.');
  return { shareUrl: res.shareUrl, bookingCode: res.bookingCode };
}

/** The link and booking code of a shared slip, with one-tap sharing to the usual apps. */
export function SharePanel({ result }: { result: ShareResult }) {
  const inputId = useId();
  const text = result.bookingCode
    ? `My bet slip on BetArena, booking code ${result.bookingCode}: ${result.shareUrl}`
    : `My bet slip on BetArena: ${result.shareUrl}`;
  const enc = encodeURIComponent(text);
  return (
    <div className="share-panel">
      {result.bookingCode && (
        <p className="share-panel__code">
          Booking code <strong data-testid="booking-code">{result.bookingCode}</strong>
        </p>
      )}
      <div className="field">
        <label htmlFor={inputId}>Share link</label>
        <input id={inputId} readOnly value={result.shareUrl} onFocus={(e) => e.currentTarget.select()} />
      </div>
      <div className="share-panel__apps">
        <a
          className="btn btn--sm"
          href={`https://wa.me/?text=${enc}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
        <a
          className="btn btn--sm"
          href={`https://t.me/share/url?url=${encodeURIComponent(result.shareUrl)}&text=${encodeURIComponent(
            result.bookingCode ? `Booking code ${result.bookingCode}` : 'My bet slip',
          )}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          Telegram
        </a>
        <a
          className="btn btn--sm"
          href={`https://twitter.com/intent/tweet?text=${enc}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          X
        </a>
        <button
          type="button"
          className="btn btn--sm"
          onClick={async () => {
            if (await copyText(result.shareUrl)) toast.success(MSG_SHARE_COPIED);
          }}
        >
          Copy link
        </button>
      </div>
    </div>
  );
}
