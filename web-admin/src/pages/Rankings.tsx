import { api } from '@bet/web-shell/core';
import { type Column, DataTable, EmptyState, ErrorText, FormField, Spinner, useApi } from '@bet/web-shell/ui';
import { useState } from 'react';
import { EditDeleteButtons, useConfirmedAction } from '../shared/actions';
import { FormDialog } from '../shared/FormDialog';
import { SearchField } from '../shared/fields';
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
  const save = () =>
    ranking
      ? api.patch(`/admin/rankings/${ranking._id}`, { ranking: Number(value) }, { silent: true })
      : api.post('/admin/rankings', { teamName: teamName.trim(), ranking: Number(value) }, { silent: true });
  return (
    <FormDialog
      title={ranking ? 'Edit Ranking' : 'Add New Ranking'}
      submitLabel="Save"
      save={save}
      done={`Ranking ${ranking ? 'updated' : 'created'} successfully!`}
      onClose={onClose}
      onDone={onDone}
    >
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
    </FormDialog>
  );
}

export default function Rankings() {
  const list = useApi<RankingList>('/admin/rankings');
  const [editing, setEditing] = useState<Ranking | null | 'new'>(null);
  const [filter, setFilter] = useState('');
  const { act, dialog } = useConfirmedAction();
  const remove = (r: Ranking) =>
    act({
      ask: { message: `Delete the ranking of ${r.teamName}?`, confirmLabel: 'Delete', danger: true },
      run: () => api.delete(`/admin/rankings/${r._id}`, { silent: true }),
      done: 'Ranking deleted successfully!',
      after: list.reload,
    });

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
        <EditDeleteButtons name={r.teamName} onEdit={() => setEditing(r)} onDelete={() => remove(r)} />
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
      <SearchField
        id="ranking-filter"
        label="Filter teams"
        placeholder="Filter by team name..."
        value={filter}
        onChange={setFilter}
      />
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
