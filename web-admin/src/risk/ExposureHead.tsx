/** The columns the risk tables share, in order: what a stacked row's `data-label`s repeat. */
export const EXPOSURE_COLUMNS = ['Bets', 'Total Staked', 'Exposure', 'Headroom'] as const;

/**
 * The header of both risk tables (the 1X2 Risk Breakdown and Exposure by Market): the row's
 * name, then Bets, Total Staked, Exposure and, when a liability limit applies, Headroom.
 */
export function ExposureHead({ first, headroom }: { first: string; headroom: boolean }) {
  return (
    <thead>
      <tr>
        <th scope="col">{first}</th>
        {EXPOSURE_COLUMNS.filter((c) => headroom || c !== 'Headroom').map((c) => (
          <th key={c} scope="col" className="num">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
