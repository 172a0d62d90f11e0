import { type AviatorView, crashClass } from './feed';

export function HistoryStrip({ view }: { view: AviatorView }) {
  return (
    <ol className="crash-strip" aria-label="Recent crash points">
      {view.history.map((h) => (
        <li key={h.roundId} className={`crash-strip__item crash-strip__item--${crashClass(h.crashPoint)}`}>
          {h.crashPoint.toFixed(2)}x
        </li>
      ))}
    </ol>
  );
}
