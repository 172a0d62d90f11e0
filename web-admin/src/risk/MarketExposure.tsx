import { formatMoney } from '@bet/web-shell/core';
import type { GameRisk } from '../types';

type Market = GameRisk['analysis']['markets'][number];

/**
 * A game's exposure market by market (issue 32 item 7): one table, a market's name heading
 * its outcome rows, with the market's liability (what its worst outcome would pay).
 */
export function MarketExposure({ markets }: { markets: readonly Market[] }) {
  return (
    <>
      <h4>Exposure by Market</h4>
      {markets.length === 0 ? (
        <p>No pending bets on any market of this game.</p>
      ) : (
        <div className="table-wrap">
          <table className="table table--stack ui-table market-exposure">
            <caption className="visually-hidden">Exposure per market and outcome</caption>
            <thead>
              <tr>
                <th scope="col">Selection</th>
                <th scope="col" className="num">
                  Bets
                </th>
                <th scope="col" className="num">
                  Total Staked
                </th>
                <th scope="col" className="num">
                  Exposure
                </th>
              </tr>
            </thead>
            {markets.map((m) => (
              <tbody key={m.key}>
                <tr className="table__group market-exposure__market">
                  <th scope="rowgroup" colSpan={4}>
                    {m.name} · liability {formatMoney(m.liability)}
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
