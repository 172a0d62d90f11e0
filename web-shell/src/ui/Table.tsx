import type { ReactNode } from 'react';

export interface TableColumn<T> {
  key: string;
  /** the header text, also each cell's `data-label` (phones stack rows into labelled lines) */
  label: string;
  render: (row: T, index: number) => ReactNode;
  numeric?: boolean;
  /** extra classes of a cell, from its row (e.g. a positive or negative amount) */
  cellClass?: (row: T) => string | undefined;
  /** replaces the header text (e.g. a sort button) */
  header?: ReactNode;
  ariaSort?: 'ascending' | 'descending';
}

/** The one table markup of both remotes: a caption for screen readers, labelled cells, numbers aligned. */
export function Table<T>({
  rows,
  columns,
  rowKey,
  caption,
  className = 'table',
  groupOf,
}: {
  rows: T[];
  columns: TableColumn<T>[];
  rowKey: (row: T, index: number) => string;
  caption: string;
  /** `table table--stack` stacks rows into labelled lines on a phone */
  className?: string;
  /** a heading row before each run of rows that share this label (e.g. their day) */
  groupOf?: (row: T) => string;
}) {
  const line = (row: T, i: number) => (
    <tr key={rowKey(row, i)}>
      {columns.map((c) => {
        const cls = [c.numeric ? 'num' : '', c.cellClass?.(row) ?? ''].join(' ').trim();
        return (
          <td key={c.key} data-label={c.label} className={cls || undefined}>
            {c.render(row, i)}
          </td>
        );
      })}
    </tr>
  );
  return (
    <div className="table-wrap">
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={c.numeric ? 'num' : undefined} aria-sort={c.ariaSort}>
                {c.header ?? c.label}
              </th>
            ))}
          </tr>
        </thead>
        {groupOf ? (
          // each run of one group in a body of its own, headed by a cell that heads its rows
          runsOf(rows, groupOf).map((run) => (
            <tbody key={rowKey(rows[run.from]!, run.from)}>
              <tr className="table__group">
                <th colSpan={columns.length} scope="rowgroup">
                  {run.label}
                </th>
              </tr>
              {rows.slice(run.from, run.to).map((row, k) => line(row, run.from + k))}
            </tbody>
          ))
        ) : (
          <tbody>{rows.map(line)}</tbody>
        )}
      </table>
    </div>
  );
}

/** Consecutive rows of one group label, as index ranges [from, to). */
function runsOf<T>(rows: T[], groupOf: (row: T) => string) {
  const runs: Array<{ label: string; from: number; to: number }> = [];
  rows.forEach((row, i) => {
    const label = groupOf(row);
    const last = runs.at(-1);
    if (last && last.label === label) last.to = i + 1;
    else runs.push({ label, from: i, to: i + 1 });
  });
  return runs;
}
