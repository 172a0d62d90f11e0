import { pickLabel } from '../lib/picks';
import { OddsCell } from './OddsCell';
import { useSlip } from './store';

/** The slip's picks, each with its price and a remove button. */
export function SlipSelections() {
  const selections = useSlip((s) => s.selections);
  const remove = useSlip((s) => s.remove);
  return (
    <ul className="slip__list">
      {selections.map((s) => (
        <li key={s.gameId} className="slip__item">
          <div className="slip__match">
            {s.gameDetails.homeTeam} vs {s.gameDetails.awayTeam}
          </div>
          <div className="slip__pick">
            <span>{pickLabel(s.outcome, s.gameDetails.homeTeam, s.gameDetails.awayTeam, s.market)}</span>
            <OddsCell sel={s} />
          </div>
          <button
            type="button"
            className="slip__remove"
            onClick={() => remove(s.gameId)}
            aria-label={`Remove ${s.gameDetails.homeTeam} vs ${s.gameDetails.awayTeam}`}
          >
            <span aria-hidden="true">×</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
