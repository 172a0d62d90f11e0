import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Table } from './Table';

afterEach(cleanup);

const rows = [
  { id: 'a', day: 'Today', amount: 1 },
  { id: 'b', day: 'Today', amount: 2 },
  { id: 'c', day: 'Yesterday', amount: 3 },
];
const columns = [{ key: 'amount', label: 'Amount', render: (r: (typeof rows)[number]) => r.amount }];

describe('<Table>', () => {
  it('heads each run of rows of one group with a row spanning every column', () => {
    const { container } = render(
      <Table rows={rows} columns={columns} rowKey={(r) => r.id} caption="Lines" groupOf={(r) => r.day} />,
    );
    const body = [...container.querySelectorAll('tbody tr')].map((tr) =>
      tr.classList.contains('table__group') ? `# ${tr.textContent}` : tr.textContent,
    );
    expect(body).toEqual(['# Today', '1', '2', '# Yesterday', '3']);
    const heading = container.querySelector('tbody th')!;
    // it heads the rows of its own body (a colgroup scope would name columns, not rows)
    expect(heading.getAttribute('scope')).toBe('rowgroup');
    expect(heading.getAttribute('colspan')).toBe('1');
    expect([...container.querySelectorAll('tbody')].map((b) => b.rows.length)).toEqual([3, 2]);
  });

  it('has no heading rows without groupOf', () => {
    const { container } = render(
      <Table rows={rows} columns={columns} rowKey={(r) => r.id} caption="Lines" />,
    );
    expect(container.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(container.querySelector('.table__group')).toBeNull();
  });
});
