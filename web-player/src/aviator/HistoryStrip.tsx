import { type AviatorView, crashClass } from './feed';

/** The last crash points; each opens its round's details. Scrolls sideways on a phone. */
export function HistoryStrip({ view, onOpen }: { view: AviatorView; onOpen: (roundId: string) => void }) {
  return (
    <ol className="crash-strip" aria-label="Recent crash points">
      {view.history.map((h) => (
        <li key={h.roundId}>
          <button
            type="button"
            className={`crash-strip__item crash-strip__item--${crashClass(h.crashPoint)}`}
            aria-label={`Round details: crashed at ${h.crashPoint.toFixed(2)}x`}
            onClick={() => onOpen(h.roundId)}
          >
            {h.crashPoint.toFixed(2)}x
          </button>
        </li>
      ))}
    </ol>
  );
}
