import { odds as fmtOdds } from '../lib/format';
import type { SlipSelection } from './rules';

/** A selection's price: the one it moved from (▲/▼) or its boost, then the price now. */
export function OddsCell({ sel }: { sel: SlipSelection }) {
  const moved = sel.prevOdds !== undefined && Number.isFinite(sel.prevOdds) && sel.prevOdds !== sel.odds;
  const up = moved && sel.odds > (sel.prevOdds as number);
  return (
    <span className="slip__price">
      {moved && (
        <>
          <s className="slip__was">{fmtOdds(sel.prevOdds)}</s>
          <span className={up ? 'move move--up' : 'move move--down'} aria-hidden="true">
            {up ? '▲' : '▼'}
          </span>
          <span className="visually-hidden">{up ? 'odds up to' : 'odds down to'}</span>
        </>
      )}
      {!moved && sel.boost && (
        <>
          <span className="slip__boost">Boost</span>
          <s className="slip__was">{fmtOdds(sel.boost.baseOdds)}</s>
          <span className="visually-hidden">boosted to</span>
        </>
      )}
      <strong className="slip__odds">{Number.isFinite(sel.odds) ? fmtOdds(sel.odds) : '–'}</strong>
    </span>
  );
}
