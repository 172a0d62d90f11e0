import { api } from '@bet/web-shell/core';
import { type Column, DataTable, EmptyState, ErrorText, FormField, Spinner, useApi } from '@bet/web-shell/ui';
import { useState } from 'react';
import { dateOnly } from '../format';
import { EditDeleteButtons, useConfirmedAction } from '../shared/actions';
import { FormDialog } from '../shared/FormDialog';
import type { Promotion, PromotionList } from '../types';

const TYPES: Promotion['promoType'][] = ['Bonus', 'FreeBet', 'OddsBoost'];

interface Fields {
  title: string;
  description: string;
  promoType: Promotion['promoType'];
  isActive: boolean;
  expiresAt: string;
}

function PromotionForm({
  promo,
  onClose,
  onDone,
}: {
  promo: Promotion | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [v, setV] = useState<Fields>({
    title: promo?.title ?? '',
    description: promo?.description ?? '',
    promoType: promo?.promoType ?? 'Bonus',
    isActive: promo?.isActive ?? true,
    expiresAt: promo?.expiresAt ? promo.expiresAt.slice(0, 10) : '',
  });
  // an empty expiry is none (null), per spec 001 §5
  function save() {
    const body = {
      ...v,
      title: v.title.trim(),
      description: v.description.trim(),
      expiresAt: v.expiresAt || null,
    };
    return promo
      ? api.patch(`/promotions/${promo._id}`, body, { silent: true })
      : api.post('/promotions', body, { silent: true });
  }
  return (
    <FormDialog
      title={promo ? 'Edit Promotion' : 'Create Promotion'}
      submitLabel={promo ? 'Save Changes' : 'Create Promotion'}
      save={save}
      done={`Promotion ${promo ? 'updated' : 'created'} successfully!`}
      onClose={onClose}
      onDone={onDone}
    >
      <FormField label="Title">
        {(id) => (
          <input id={id} required value={v.title} onChange={(e) => setV({ ...v, title: e.target.value })} />
        )}
      </FormField>
      <FormField label="Description">
        {(id) => (
          <textarea
            id={id}
            required
            value={v.description}
            onChange={(e) => setV({ ...v, description: e.target.value })}
          />
        )}
      </FormField>
      <div className="form-row">
        <FormField label="Type">
          {(id) => (
            <select
              id={id}
              value={v.promoType}
              onChange={(e) => setV({ ...v, promoType: e.target.value as Fields['promoType'] })}
            >
              {TYPES.map((t) => (
                <option key={t}>{t}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Expires (optional)">
          {(id) => (
            <input
              id={id}
              type="date"
              value={v.expiresAt}
              onChange={(e) => setV({ ...v, expiresAt: e.target.value })}
            />
          )}
        </FormField>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={v.isActive}
          onChange={(e) => setV({ ...v, isActive: e.target.checked })}
        />
        Active
      </label>
    </FormDialog>
  );
}

export default function Promotions() {
  const list = useApi<PromotionList>('/promotions/all');
  const [editing, setEditing] = useState<Promotion | null | 'new'>(null);
  const { act, dialog } = useConfirmedAction();
  const remove = (p: Promotion) =>
    act({
      ask: { message: `Delete the promotion "${p.title}"?`, confirmLabel: 'Delete', danger: true },
      run: () => api.delete(`/promotions/${p._id}`, { silent: true }),
      done: 'Promotion deleted successfully!',
      after: list.reload,
    });

  const columns: Column<Promotion>[] = [
    { key: 'title', label: 'Title', render: (p) => p.title, sortValue: (p) => p.title.toLowerCase() },
    { key: 'type', label: 'Type', render: (p) => p.promoType, sortValue: (p) => p.promoType },
    {
      key: 'status',
      label: 'Status',
      render: (p) => (
        <span className={p.isActive ? 'badge badge--success' : 'badge'}>
          {p.isActive ? 'Active' : 'Inactive'}
        </span>
      ),
      sortValue: (p) => (p.isActive ? 0 : 1),
    },
    {
      key: 'expires',
      label: 'Expires',
      render: (p) => (p.expiresAt ? dateOnly(p.expiresAt) : 'N/A'),
      sortValue: (p) => p.expiresAt ?? '9999',
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) => (
        <EditDeleteButtons name={p.title} onEdit={() => setEditing(p)} onDelete={() => remove(p)} />
      ),
    },
  ];

  const rows = list.data?.promotions ?? [];
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>Manage Promotions</h2>
        <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
          Create Promotion
        </button>
      </div>
      {list.error ? <ErrorText>{list.error}</ErrorText> : null}
      {list.loading && !list.data ? (
        <Spinner />
      ) : (
        <DataTable
          caption="Promotions"
          rows={rows}
          columns={columns}
          rowKey={(p) => p._id}
          empty={<EmptyState title="No promotions yet." />}
        />
      )}
      {editing ? (
        <PromotionForm
          promo={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onDone={list.reload}
        />
      ) : null}
      {dialog}
    </section>
  );
}
