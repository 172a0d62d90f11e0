import type { LimitSetting } from '@bet/web-shell/core';
import { dateTime, money } from '../lib/format';

export function LimitValue({ setting, isMoney }: { setting?: LimitSetting; isMoney?: boolean }) {
  const limit = Number(setting?.limit ?? 0);
  const fmt = (v: number) => (isMoney ? money(v) : String(v));
  const pending = setting?.pending;
  return (
    <>
      <dd>{limit > 0 ? fmt(limit) : 'Not set'}</dd>
      {pending && (
        <dd className="limit__pending">
          Pending change to {Number(pending.value) > 0 ? fmt(Number(pending.value)) : 'no limit'} from{' '}
          {dateTime(pending.effectiveAt)}
        </dd>
      )}
    </>
  );
}
