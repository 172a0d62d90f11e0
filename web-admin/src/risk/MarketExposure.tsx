import { formatMoney } from '@bet/web-shell/core';
import type { GameRisk } from '../types';
import { ExposureHead } from './ExposureHead';

type Market = GameRisk['analysis']['markets'][number];

/**
 * A game's exposure market by market (issue 32 item 7): one table, a market's name heading
 * its outcome rows, with the market's liability (what its worst outcome would pay) against the
 * liability limit, and each outcome's headroom (what it may still pay out before a bet on it is
 * refused, betting-008). 1X2 is the Risk Breakdown's table above, so it is not repeated here.
 */
export function MarketExposure({ markets: all }: { markets: readonly Market[] }) {
  const markets = all.filter((m) => m.key !== '1x2');
  const limits = markets.some((m) => m.liabilityLimit !== undefined);
  return (
    <>
      <h4>Exposure by Market</h4>
      {markets.length === 0 ? (
        <p>No pending bets on any other market of this game.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack ui-table market-exposure">
            <caption className="visually-hidden">Exposure per market and outcome</caption>
            <ExposureHead first="Selection" headroom={limits} />
            {markets.map((m) => (
              <tbody key={m.key}>
                <tr className="table__group market-exposure__market">
                  <th scope="rowgroup" colSpan={limits ? 5 : 4}>
                    {m.name} · liability {formatMoney(m.liability)}
                    {m.liabilityLimit !== undefined ? ` of ${formatMoney(m.liabilityLimit)} limit` : ''}
                  </th>
                </tr>
                {m.outcomes.map((o) => (
                  <tr key={o.outcome}>
                    <th scope="row" data-label="Selection">
                      {o.label}
                    </th>
                    <td data-label="Bets" className="num">
                      {o.betCount}
                    </td>
                    <td data-label="Total Staked" className="num">
                      {formatMoney(o.totalStake)}
                    </td>
                    <td data-label="Exposure" className="num">
                      {formatMoney(o.totalPotentialPayout)}
                    </td>
                    {limits ? (
                      <td data-label="Headroom" className="num">
                        {o.headroom === undefined ? '—' : formatMoney(o.headroom)}
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </div>
      )}
    </>
  );
}
