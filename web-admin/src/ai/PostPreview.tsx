import { Fragment } from 'react';

/** what a post may hold on the strictest of the feeds it goes to */
export const POST_LIMIT = 280;

/** A post split into its words, hashtags and mentions marked (as a feed would link them). */
export function postParts(text: string): Array<{ text: string; tag: boolean }> {
  return text
    .split(/([#@][\p{L}\p{N}_]+)/u)
    .flatMap((part) => (part ? [{ text: part, tag: /^[#@]/.test(part) }] : []));
}

/** A social post as it will read on a feed: the brand, the text with its tags, its length. */
export function PostPreview({ text, brand = 'BetPlatform' }: { text: string; brand?: string }) {
  const length = Array.from(text).length;
  const over = length > POST_LIMIT;
  return (
    <figure className="post-preview">
      <figcaption className="post-preview__head">
        <span className="post-preview__avatar" aria-hidden="true">
          {brand.slice(0, 1)}
        </span>
        <span>
          <strong>{brand}</strong>
          <span className="muted"> @{brand.toLowerCase()} · now</span>
        </span>
      </figcaption>
      <p className="post-preview__text">
        {postParts(text).map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <Fragment key={i}>{p.tag ? <span className="post-preview__tag">{p.text}</span> : p.text}</Fragment>
        ))}
      </p>
      <p className={over ? 'post-preview__count post-preview__count--over' : 'post-preview__count'}>
        {length} / {POST_LIMIT} characters{over ? ' (too long for X)' : ''}
      </p>
    </figure>
  );
}
