import { type ReactNode, useMemo, useState } from 'react';
import { Pagination } from './bits';
import { Table, type TableColumn } from './Table';

export interface Column<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** a value to sort by; columns without one do not sort */
  sortValue?: (row: T) => string | number;
  numeric?: boolean;
}

/**
 * A table that sorts (click a header) and pages on the client, without reloading. Stacks into
 * labelled rows on a phone.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  pageSize = 20,
  empty,
}: {
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  caption: string;
  pageSize?: number;
  empty?: ReactNode;
}) {
  const [sort, setSort] = useState<{ key: string; dir: 1 | -1 } | null>(null);
  const [page, setPage] = useState(1);
  const sorted = useMemo(() => {
    if (!sort) return rows;
    const col = columns.find((c) => c.key === sort.key);
    if (!col?.sortValue) return rows;
    const value = col.sortValue;
    return [...rows].sort((a, b) => {
      const x = value(a);
      const y = value(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sort.dir;
    });
  }, [rows, columns, sort]);
  const totalPages = Math.max(1, Math.ceil(sorted.length / pageSize));
  const current = Math.min(page, totalPages);
  const visible = sorted.slice((current - 1) * pageSize, current * pageSize);
  if (rows.length === 0 && empty) return <>{empty}</>;
  const cells: TableColumn<T>[] = columns.map((c) => {
    const dir = sort?.key === c.key ? sort.dir : 0;
    return {
      key: c.key,
      label: c.label,
      numeric: c.numeric,
      render: (row) => c.render(row),
      ariaSort: dir === 1 ? 'ascending' : dir === -1 ? 'descending' : undefined,
      header: c.sortValue ? (
        <button
          type="button"
          className="ui-table__sort"
          onClick={() =>
            setSort((s) =>
              s?.key === c.key ? { key: c.key, dir: s.dir === 1 ? -1 : 1 } : { key: c.key, dir: 1 },
            )
          }
        >
          {c.label}
          <span aria-hidden="true">{dir === 1 ? ' ▲' : dir === -1 ? ' ▼' : ' ↕'}</span>
        </button>
      ) : undefined,
    };
  });
  return (
    <>
      <Table
        rows={visible}
        columns={cells}
        rowKey={rowKey}
        caption={caption}
        className="table table--stack ui-table"
      />
      <Pagination page={current} totalPages={totalPages} onPage={setPage} />
    </>
  );
}
