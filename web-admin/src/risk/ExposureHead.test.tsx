import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExposureHead } from './ExposureHead';

afterEach(cleanup);

const headers = () =>
  within(screen.getByRole('table'))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

describe('ExposureHead: the one header of the risk tables', () => {
  it('names the first column, then Bets, Total Staked, Exposure and Headroom', () => {
    render(
      <table>
        <ExposureHead first="Outcome" headroom />
      </table>,
    );
    expect(headers()).toEqual(['Outcome', 'Bets', 'Total Staked', 'Exposure', 'Headroom']);
  });

  it('leaves Headroom out without a liability limit', () => {
    render(
      <table>
        <ExposureHead first="Selection" headroom={false} />
      </table>,
    );
    expect(headers()).toEqual(['Selection', 'Bets', 'Total Staked', 'Exposure']);
  });
});
