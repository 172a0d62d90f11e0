import { useId } from 'react';
import type { AcceptOdds } from './rules';
import { useSlip } from './store';

const ACCEPT_LABEL: Record<AcceptOdds, string> = {
  higher: 'Accept higher odds',
  any: 'Accept any odds change',
  none: 'Ask me on every change',
};

/** Keep the picks after placing, and which odds changes are taken without asking. */
export function SlipOptions() {
  const keepId = useId();
  const acceptId = useId();
  const keepSelections = useSlip((s) => s.keepSelections);
  const setKeepSelections = useSlip((s) => s.setKeepSelections);
  const acceptOdds = useSlip((s) => s.acceptOdds);
  const setAcceptOdds = useSlip((s) => s.setAcceptOdds);
  return (
    <div className="slip__options">
      <label className="check slip__keep" htmlFor={keepId}>
        <input
          id={keepId}
          type="checkbox"
          checked={keepSelections}
          onChange={(e) => setKeepSelections(e.target.checked)}
        />
        Keep selections after placing bet
      </label>
      <div className="slip__accept">
        <label htmlFor={acceptId}>Odds changes</label>
        <select
          id={acceptId}
          value={acceptOdds}
          onChange={(e) => setAcceptOdds(e.target.value as AcceptOdds)}
        >
          {(Object.keys(ACCEPT_LABEL) as AcceptOdds[]).map((k) => (
            <option key={k} value={k}>
              {ACCEPT_LABEL[k]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
