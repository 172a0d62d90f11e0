import { odds as fmtOdds, money } from '../lib/format';
import type { SlipView } from './useSlipView';

/** Total odds (multi), total stake (singles), the promotions' lines, the free bet and the payout. */
export function SlipTotals({ view }: { view: SlipView }) {
  const { betType, count, totals, extraLines, freeBet, payout } = view;
  return (
    <dl className="slip__totals">
      {betType === 'multi' && (
        <div>
          <dt>Total Odds</dt>
          <dd>{fmtOdds(totals.totalOdds)}</dd>
        </div>
      )}
      {betType === 'single' && count > 1 && (
        <div>
          <dt>Total Stake</dt>
          <dd>{money(totals.totalStake)}</dd>
        </div>
      )}
      {extraLines.map((l) => (
        <div key={l.label}>
          <dt>{l.label}</dt>
          <dd>{l.value}</dd>
        </div>
      ))}
      {freeBet && (
        <div>
          <dt>Free bet</dt>
          <dd>{money(freeBet.amount)}</dd>
        </div>
      )}
      <div>
        <dt>
          Potential Payout
          {freeBet && <span className="slip__sub"> (stake not returned)</span>}
        </dt>
        <dd className="slip__payout">{money(payout)}</dd>
      </div>
    </dl>
  );
}
