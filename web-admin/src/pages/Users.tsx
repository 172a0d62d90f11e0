import { api, msgOr, toast, useSocketEvent } from '@bet/web-shell/core';
import {
  EmptyState,
  ErrorText,
  Pagination,
  Spinner,
  useApi,
  useConfirm,
  useDebounced,
} from '@bet/web-shell/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Avatar } from '../Avatar';
import { SearchField } from '../shared/fields';
import type { AdminUser, UserList } from '../types';

export const USERS_PAGE_SIZE = 15;

function UserCard({
  user,
  onRole,
  onDelete,
}: {
  user: AdminUser;
  onRole: (u: AdminUser) => void;
  onDelete: (u: AdminUser) => void;
}) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username;
  return (
    <li className="card user-card">
      <Link to={`/admin/users/${user._id}`} className="user-card__link">
        <Avatar user={user} />
        <span className="user-card__text">
          <strong>{name}</strong>
          <span className="muted">@{user.username}</span>
        </span>
        <span className={user.role === 'admin' ? 'badge badge--info' : 'badge'}>{user.role}</span>
      </Link>
      <div className="user-card__actions">
        <button type="button" className="btn btn--sm" onClick={() => onRole(user)}>
          Change Role
        </button>
        <button type="button" className="btn btn--sm btn--danger" onClick={() => onDelete(user)}>
          Delete User
        </button>
      </div>
    </li>
  );
}

export default function Users() {
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 500);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at page 1
  useEffect(() => setPage(1), [debounced]);
  const list = useApi<UserList>('/admin/users', {
    page,
    limit: USERS_PAGE_SIZE,
    search: debounced || undefined,
  });
  const { confirm, dialog } = useConfirm();

  useSocketEvent('userStatusUpdate', (e: { userId: string; isOnline: boolean; lastSeen: string }) =>
    list.setData((d) =>
      d
        ? {
            ...d,
            users: d.users.map((u) =>
              u._id === e.userId ? { ...u, isOnline: e.isOnline, lastSeen: e.lastSeen } : u,
            ),
          }
        : d,
    ),
  );

  async function changeRole(u: AdminUser) {
    const role = u.role === 'admin' ? 'user' : 'admin';
    if (!(await confirm({ message: `Change ${u.username}'s role to ${role}?`, confirmLabel: 'Change Role' })))
      return;
    try {
      await api.patch(`/admin/users/${u._id}/role`, { role }, { silent: true });
      toast.success('Role updated.');
      list.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to update role.'));
    }
  }

  async function remove(u: AdminUser) {
    if (
      !(await confirm({
        message: `Delete ${u.username}? This cannot be undone.`,
        confirmLabel: 'Delete User',
        danger: true,
      }))
    )
      return;
    try {
      await api.delete(`/admin/users/${u._id}`, { silent: true });
      toast.success('User deleted.');
      list.reload();
    } catch (err) {
      toast.error(msgOr(err, 'Failed to delete user.'));
    }
  }

  const users = list.data?.users ?? [];
  const admins = users.filter((u) => u.role === 'admin');
  const players = users.filter((u) => u.role !== 'admin');
  return (
    <section className="admin-page">
      <div className="page-head">
        <h2>User Management</h2>
        <span className="badge badge--info">{list.data?.totalCount ?? 0} Users</span>
      </div>
      <SearchField
        id="user-search"
        label="Search users"
        placeholder="Search by name, username, or email..."
        value={search}
        onChange={setSearch}
      />
      {list.error ? <ErrorText>{list.error}</ErrorText> : null}
      {list.loading && !list.data ? (
        <Spinner />
      ) : users.length === 0 && !list.error ? (
        <EmptyState title="No users found." />
      ) : (
        <>
          {admins.length > 0 ? (
            <>
              <h3 className="admin-section">Administrators</h3>
              <ul className="card-grid">
                {admins.map((u) => (
                  <UserCard key={u._id} user={u} onRole={changeRole} onDelete={remove} />
                ))}
              </ul>
            </>
          ) : null}
          {players.length > 0 ? (
            <>
              <h3 className="admin-section">Users</h3>
              <ul className="card-grid">
                {players.map((u) => (
                  <UserCard key={u._id} user={u} onRole={changeRole} onDelete={remove} />
                ))}
              </ul>
            </>
          ) : null}
          <Pagination
            page={list.data?.currentPage ?? page}
            totalPages={list.data?.totalPages ?? 1}
            onPage={setPage}
          />
        </>
      )}
      {dialog}
    </section>
  );
}
