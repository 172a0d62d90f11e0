import { byCurrency, currencySymbol } from '@bet/web-shell/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { money } from '../lib/format';
import type { SlipView } from './useSlipView';

/** The stake: its input (the token's amount when a free bet pays), quick stakes, the warnings. */
export function StakeField({ view }: { view: SlipView }) {
  const { slip, betType, signedIn, balance, freeBet, warnings, insufficient, count } = view;
  const stakeId = useId();
  const warnId = useId();
  return (
    <div className="field slip__stake">
      <div className="slip__stake-head">
        <label htmlFor={stakeId}>
          {betType === 'single' ? `Stake per bet (${currencySymbol()})` : `Stake (${currencySymbol()})`}
        </label>
        {signedIn && balance !== null && (
          <span className="slip__balance">
            Balance <strong>{money(balance)}</strong>
          </span>
        )}
      </div>
      <input
        id={stakeId}
        type="number"
        inputMode="decimal"
        min={0}
        step={0.01}
        placeholder="0.00"
        value={freeBet ? String(freeBet.amount) : slip.stake}
        readOnly={freeBet !== null}
        aria-invalid={warnings.length > 0 || undefined}
        aria-describedby={warnings.length > 0 ? warnId : undefined}
        onChange={(e) => slip.setStake(e.target.value)}
      />
      {freeBet ? (
        <p className="slip__hint">
          Your free bet pays the {money(freeBet.amount)} stake: nothing leaves your balance.
        </p>
      ) : (
        <fieldset className="slip__quick">
          <legend className="visually-hidden">Quick stake</legend>
          {byCurrency({ USD: [5, 10, 50], NGN: [100, 500, 1000] }).map((n) => (
            <button key={n} type="button" className="btn btn--sm" onClick={() => slip.quickAdd(n)}>
              +{n.toLocaleString('en-US')}
            </button>
          ))}
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => slip.setMax(balance ?? 0)}
            disabled={!signedIn || balance === null || count === 0}
            title={signedIn ? `Balance ${money(balance ?? 0)}` : 'Log in to use your balance'}
          >
            Max
          </button>
        </fieldset>
      )}
      {warnings.length > 0 && (
        <div id={warnId} className="slip__warnings" role="alert">
          {warnings.map((w) => (
            <p key={w} className="slip__warning">
              {w}
            </p>
          ))}
          {insufficient && (
            <Link to="/wallet?deposit=1" className="btn btn--accent btn--sm">
              Deposit
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
