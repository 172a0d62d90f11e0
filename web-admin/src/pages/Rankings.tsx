import { api, msgOr, toast } from '@bet/web-shell/core';
import {
  type Column,
  DataTable,
  EmptyState,
  ErrorText,
  FormField,
  Modal,
  Spinner,
  useApi,
  useConfirm,
} from '@bet/web-shell/ui';
import { type FormEvent, useState } from 'react';
import type { Ranking, RankingList } from '../types';

export const RANKING_MIN = 1;
export const RANKING_MAX = 100;
export const RANKING_DEFAULT = 75;

function RankingForm({
  ranking,
  onClose,
  onDone,
}: {
  ranking: Ranking | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [teamName, setTeamName] = useState(ranking?.teamName ?? '');
  const [value, setValue] = useState(String(ranking?.ranking ?? RANKING_DEFAULT));
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      if (ranking)
        await api.patch(`/admin/rankings/${ranking._id}`, { ranking: Number(value) }, { silent: true });
      else
        await api.post(
          '/admin/rankings',
          { teamName: teamName.trim(), ranking: Number(value) },
          { silent: true },
        );
      toast.success(`Ranking ${ranking ? 'updated' : 'created'} successfully!`);
      onDone();
      onClose();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={ranking ? 'Edit Ranking' : 'Add New Ranking'} onClose={onClose}>
      <form className="form" onSubmit={submit}>
        <FormField label="Team Name" hint={ranking ? 'The team cannot be changed.' : undefined}>
          {(id) => (
            <input
              id={id}
              required
              value={teamName}
              readOnly={Boolean(ranking)}
              disabled={Boolean(ranking)}
              onChange={(e) => setTeamName(e.target.value)}
            />
          )}
        </FormField>
        <FormField label={`Ranking (${RANKING_MIN}-${RANKING_MAX})`}>
          {(id) => (
            <input
              id={id}
              type="number"
              required
              min={RANKING_MIN}
              max={RANKING_MAX}
              step="1"
              value={value}
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </FormField>
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function Rankings() {
  const list = useApi<RankingList>('/admin/rankings');
  const [editing, setEditing] = useState<Ranking | null | 'new'>(null);
  const [filter, setFilter] = useState('');
  const { confirm, dialog } = useConfirm();

  async function remove(r: Ranking) {
    if (
      !(await confirm({
        message: `Delete the ranking of ${r.teamName}?`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      await api.delete(`/admin/rankings/${r._id}`, { silent: true });
      toast.success('Ranking deleted successfully!');
      list.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    }
  }

  const columns: Column<Ranking>[] = [
    {
      key: 'team',
      label: 'Team Name',
      render: (r) => r.teamName,
      sortValue: (r) => r.teamName.toLowerCase(),
    },
    {
      key: 'ranking',
      label: 'Ranking',
      numeric: true,
      render: (r) => r.ranking,
      sortValue: (r) => r.ranking,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <span className="row-actions">
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => setEditing(r)}
            aria-label={`Edit ${r.teamName}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn--sm btn--danger"
            onClick={() => remove(r)}
            aria-label={`Delete ${r.teamName}`}
          >
            Delete
          </button>
        </span>
      ),
    },
  ];
  const term = filter.trim().toLowerCase();
  const rows = (list.data?.rankings ?? []).filter((r) => !term || r.teamName.toLowerCase().includes(term));
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>Team Power Rankings</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          Add New Ranking
        </button>
      </div>
      <div className="field search-field">
        <label htmlFor="ranking-filter" className="visually-hidden">
          Filter teams
        </label>
        <input
          id="ranking-filter"
          type="search"
          placeholder="Filter by team name..."
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      {list.error ? <ErrorText>{list.error}</ErrorText> : null}
      {list.loading && !list.data ? (
        <Spinner />
      ) : (
        <DataTable
          caption="Team Power Rankings"
          rows={rows}
          columns={columns}
          rowKey={(r) => r._id}
          pageSize={25}
          empty={<EmptyState title="No rankings yet." />}
        />
      )}
      {editing ? (
        <RankingForm
          ranking={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={list.reload}
        />
      ) : null}
      {dialog}
    </section>
  );
}
