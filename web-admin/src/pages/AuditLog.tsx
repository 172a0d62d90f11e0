import { EmptyState, ErrorText, FormField, Pagination, Spinner, useApi } from '@bet/web-shell/ui';
import { useEffect, useState } from 'react';
import { auditDiff } from '../audit/diff';
import { dateTime } from '../format';
import type { AuditPage } from '../types';

const ENTITIES = ['', 'user', 'withdrawal', 'game', 'ranking', 'sync', 'promotion'];

/** What the action changed, field by field: the old value struck through, the new one after it. */
function Changes({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditDiff(before, after);
  if (changes.length === 0) return <span className="muted">No field changed</span>;
  return (
    <ul className="audit-diff">
      {changes.map((c) => (
        <li key={c.field} className={`audit-diff__row audit-diff__row--${c.kind}`}>
          <span className="audit-diff__field">{c.field}</span>
          {c.before !== undefined ? (
            <del className="audit-diff__before">
              <span className="visually-hidden">was </span>
              {c.before}
            </del>
          ) : null}
          {c.kind === 'changed' ? (
            <span className="audit-diff__arrow" aria-hidden="true">
              →
            </span>
          ) : null}
          {c.after !== undefined ? (
            <ins className="audit-diff__after">
              <span className="visually-hidden">{c.kind === 'added' ? 'set to ' : 'now '}</span>
              {c.after}
            </ins>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export default function AuditLog() {
  const [entity, setEntity] = useState('');
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter starts at page 1
  useEffect(() => setPage(1), [entity]);
  const log = useApi<AuditPage>('/admin/audit-log', { entity: entity || undefined, page, limit: 25 });
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>Audit Log</h2>
        <span className="badge badge--info">{log.data?.totalCount ?? 0} entries</span>
      </div>
      <div className="filters-inline">
        <FormField label="What">
          {(id) => (
            <select id={id} value={entity} onChange={(e) => setEntity(e.target.value)}>
              {ENTITIES.map((e) => (
                <option key={e} value={e}>
                  {e || 'Everything'}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="button" className="btn btn--sm" onClick={log.reload}>
          Refresh
        </button>
      </div>
      {log.error ? <ErrorText>{log.error}</ErrorText> : null}
      {log.loading && !log.data ? (
        <Spinner />
      ) : (log.data?.entries.length ?? 0) === 0 ? (
        <EmptyState title="No admin actions yet." />
      ) : (
        <div className="table-wrap">
          <table className="table table--stack ui-table">
            <caption className="visually-hidden">Admin actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">On</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {log.data?.entries.map((e) => (
                <tr key={e._id}>
                  <td data-label="When">{dateTime(e.at)}</td>
                  <td data-label="Who">{e.actor.username ?? e.actor._id ?? 'system'}</td>
                  <td data-label="Action">
                    <code>{e.action}</code>
                  </td>
                  <td data-label="On">
                    {e.entity} <span className="muted">{e.entityId.slice(-6)}</span>
                  </td>
                  <td data-label="Changes" className="audit-log__changes">
                    <Changes before={e.before} after={e.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        page={log.data?.currentPage ?? page}
        totalPages={log.data?.totalPages ?? 1}
        onPage={setPage}
      />
    </section>
  );
}
