import type { ReactNode } from 'react';

export { ErrorText, Pagination, Spinner } from '@bet/web-shell/ui';

import { initials } from '../lib/format';

/** Empty state whose text reads as one sentence: "Title - description". */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>
        <strong className="empty-state__title">{title}</strong>
        {/* the spec's text reads "Title - description"; on screen the title stands above it */}
        {children ? (
          <>
            <span className="visually-hidden"> - </span>
            {children}
          </>
        ) : null}
      </p>
    </div>
  );
}

export function Avatar({
  src,
  firstName,
  lastName,
  username,
  size = 'lg',
}: {
  src?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
  size?: 'sm' | 'lg';
}) {
  const cls = size === 'sm' ? 'avatar avatar--sm' : 'avatar';
  const alt = `${[firstName, lastName].filter(Boolean).join(' ') || username || 'User'} profile picture`;
  if (src) return <img className={cls} src={src} alt={alt} />;
  return (
    <span className={cls} role="img" aria-label={alt}>
      {initials(firstName, lastName, username)}
    </span>
  );
}
