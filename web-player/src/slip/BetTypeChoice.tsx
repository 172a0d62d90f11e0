import { toast } from '@bet/web-shell/core';
import { useId } from 'react';
import { type BetType, MSG_MULTI_NEEDS_TWO } from './rules';
import { useSlip } from './store';

/** Single / Multi; a multi of fewer than two picks is refused with a toast. */
export function BetTypeChoice({ betType }: { betType: BetType }) {
  const name = useId();
  const setBetType = useSlip((s) => s.setBetType);
  const choose = (type: 'single' | 'multi') => {
    if (!setBetType(type)) toast.error(MSG_MULTI_NEEDS_TWO);
  };
  return (
    <fieldset className="slip__types">
      <legend className="visually-hidden">Bet type</legend>
      {(['single', 'multi'] as const).map((t) => (
        <label key={t} className={betType === t ? 'seg seg--on' : 'seg'}>
          <input
            type="radio"
            className="seg__input"
            name={`${name}-type`}
            value={t}
            checked={betType === t}
            onChange={() => choose(t)}
          />
          {t === 'single' ? 'Single' : 'Multi'}
        </label>
      ))}
    </fieldset>
  );
}
