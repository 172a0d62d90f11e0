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
import { dateOnly } from '../format';
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
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    // an empty expiry is none (null), per spec 001 §5
    const body = {
      ...v,
      title: v.title.trim(),
      description: v.description.trim(),
      expiresAt: v.expiresAt || null,
    };
    try {
      if (promo) await api.patch(`/promotions/${promo._id}`, body, { silent: true });
      else await api.post('/promotions', body, { silent: true });
      toast.success(`Promotion ${promo ? 'updated' : 'created'} successfully!`);
      onDone();
      onClose();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Modal title={promo ? 'Edit Promotion' : 'Create Promotion'} onClose={onClose}>
      <form className="form" onSubmit={submit}>
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
        <div className="form-actions">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : promo ? 'Save Changes' : 'Create Promotion'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export default function Promotions() {
  const list = useApi<PromotionList>('/promotions/all');
  const [editing, setEditing] = useState<Promotion | null | 'new'>(null);
  const { confirm, dialog } = useConfirm();

  async function remove(p: Promotion) {
    if (
      !(await confirm({
        message: `Delete the promotion "${p.title}"?`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    try {
      await api.delete(`/promotions/${p._id}`, { silent: true });
      toast.success('Promotion deleted successfully!');
      list.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Action failed.'));
    }
  }

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
        <span className="row-actions">
          <button
            type="button"
            className="btn btn--sm"
            onClick={() => setEditing(p)}
            aria-label={`Edit ${p.title}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn--sm btn--danger"
            onClick={() => remove(p)}
            aria-label={`Delete ${p.title}`}
          >
            Delete
          </button>
        </span>
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
