import { api, msgOr, toast } from '@bet/web-shell/core';
import { RULE_KIND_LABEL } from '@bet/web-shell/promo';
import {
  type Column,
  DataTable,
  EmptyState,
  ErrorText,
  Spinner,
  useApi,
  useConfirm,
} from '@bet/web-shell/ui';
import { useState } from 'react';
import { dateOnly, money } from '../format';
import { PromotionForm } from '../promotions/PromotionForm';
import type { Promotion, PromotionList } from '../types';

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
      key: 'pays',
      label: 'Pays',
      render: (p) => (p.rules ? RULE_KIND_LABEL[p.rules.kind] : <span className="muted">—</span>),
      sortValue: (p) => (p.rules ? RULE_KIND_LABEL[p.rules.kind] : '~'),
    },
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
    // issue 33: claims + bets that used it, and what it cost the house (dollars, betting-009)
    {
      key: 'uptake',
      label: 'Uptake',
      numeric: true,
      render: (p) => (typeof p.uptake === 'number' ? p.uptake.toLocaleString('en-US') : '—'),
      sortValue: (p) => p.uptake ?? -1,
    },
    {
      key: 'cost',
      label: 'Cost',
      numeric: true,
      render: (p) => (typeof p.cost === 'number' ? money(p.cost) : '—'),
      sortValue: (p) => p.cost ?? -1,
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
