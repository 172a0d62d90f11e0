import { Fragment, type ReactNode } from 'react';

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
  const groups = groupOf ? rows.map(groupOf) : undefined;
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
        <tbody>
          {rows.map((row, i) => {
            const group = groups?.[i];
            const opens = group !== undefined && (i === 0 || groups?.[i - 1] !== group);
            return (
              <Fragment key={rowKey(row, i)}>
                {opens && (
                  <tr className="table__group">
                    <th colSpan={columns.length} scope="colgroup">
                      {group}
                    </th>
                  </tr>
                )}
                <tr>
                  {columns.map((c) => {
                    const cls = [c.numeric ? 'num' : '', c.cellClass?.(row) ?? ''].join(' ').trim();
                    return (
                      <td key={c.key} data-label={c.label} className={cls || undefined}>
                        {c.render(row, i)}
                      </td>
                    );
                  })}
                </tr>
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
