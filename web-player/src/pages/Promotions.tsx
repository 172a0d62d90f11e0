import type { Answer } from '@bet/api-types';
import { EmptyState, ErrorText, Spinner, useApi } from '@bet/web-shell/ui';

type Promotion = Answer<'/promotions'>['promotions'][number];

const BADGE: Record<Promotion['promoType'], string> = {
  Bonus: 'badge badge--success',
  FreeBet: 'badge badge--info',
  OddsBoost: 'badge badge--warning',
};

/** Promotions & Offers: what is active and unexpired right now (spec 000 §2). */
export default function Promotions() {
  const list = useApi<Answer<'/promotions'>>('/promotions');
  const promotions = list.data?.promotions ?? [];
  return (
    <section className="page">
      <h1>Promotions &amp; Offers</h1>
      {list.error ? (
        <ErrorText onRetry={list.reload}>{list.error}</ErrorText>
      ) : list.loading && !list.data ? (
        <Spinner />
      ) : promotions.length === 0 ? (
        <EmptyState title="No Active Promotions">Check back soon for new offers.</EmptyState>
      ) : (
        <ul className="promo-grid">
          {promotions.map((p) => (
            <li key={p._id} className="card promo-card">
              <div className="promo-card__head">
                <h2 className="card__title">{p.title}</h2>
                <span className={BADGE[p.promoType] ?? 'badge'}>{p.promoType}</span>
              </div>
              <p>{p.description}</p>
              {p.expiresAt ? (
                <p className="promo-card__expiry">Ends {new Date(p.expiresAt).toLocaleDateString()}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
