import type { Answer } from '@bet/api-types';
import { api, errorMessage, setUser, toast, type User, useSession } from '@bet/web-shell/core';
import { useApi } from '@bet/web-shell/ui';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { FeedbackButton } from '../ai/FeedbackButton';
import { shortDate, signedMoney } from '../lib/format';
import { EditProfileModal } from '../profile/EditProfileModal';
import { LimitValue } from '../profile/LimitValue';
import { Avatar, ErrorText, Spinner } from '../ui/common';

// recharts is big: it loads only with the chart.
const NetProfitChart = lazy(() => import(/* webpackChunkName: "chart" */ './ProfileChart'));

export default function Profile() {
  const sessionUser = useSession((s) => s.user);
  const profile = useApi<User>('/users/profile');
  const stats = useApi<Answer<'/users/stats'>>('/users/stats');
  const history = useApi<Answer<'/users/stats/history'>>('/users/stats/history');
  const user = profile.data ?? sessionUser;
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error('Please choose an image file.');
      if (fileRef.current) fileRef.current.value = '';
      return;
    }
    const form = new FormData();
    form.append('profilePicture', file);
    setUploading(true);
    try {
      const res = await api.post<Answer<'/users/profile-picture', 'post'>>('/users/profile-picture', form, {
        silent: true,
      });
      const url = res?.profilePictureUrl ?? res?.user?.profilePicture ?? null;
      if (user) {
        const next = { ...(res?.user ?? user), profilePicture: url };
        setUser(next);
        profile.setData(next);
      }
      toast.success('Profile picture updated!');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setUploading(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  if (!user)
    return profile.loading ? (
      <Spinner />
    ) : (
      <ErrorText>{profile.error ?? 'Could not load your profile.'}</ErrorText>
    );
  const s: Partial<Answer<'/users/stats'>> = stats.data ?? {};
  const net = s.netProfit ?? 0;
  const points = history.data?.history ?? [];

  return (
    <section className="page profile">
      <h1>My Profile</h1>
      <div className="grid grid--2">
        <div className="card profile__card">
          <div className="profile__head">
            <Avatar
              src={user.profilePicture}
              firstName={user.firstName}
              lastName={user.lastName}
              username={user.username}
            />
            <div className="profile__who">
              <h2>{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.username}</h2>
              <p className="muted">@{user.username}</p>
            </div>
          </div>
          <dl className="kv">
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            {user.state && (
              <div>
                <dt>State</dt>
                <dd>{user.state}</dd>
              </div>
            )}
            <div>
              <dt>Joined</dt>
              <dd>{shortDate(user.createdAt)}</dd>
            </div>
          </dl>
          <div className="profile__actions">
            <label htmlFor={fileId} className="btn">
              {uploading ? 'Uploading…' : 'Change Picture'}
            </label>
            <input
              ref={fileRef}
              id={fileId}
              className="visually-hidden"
              type="file"
              accept="image/*"
              disabled={uploading}
              onChange={(e) => upload(e.target.files?.[0])}
            />
            <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
              Edit Profile
            </button>
          </div>
        </div>

        <div className="card">
          <h2 className="card__title">Betting Limits</h2>
          <dl className="kv">
            <div>
              <dt>Weekly bet count</dt>
              <LimitValue setting={user.limits?.weeklyBetCount} />
            </div>
            <div>
              <dt>Weekly stake limit</dt>
              <LimitValue setting={user.limits?.weeklyStakeAmount} isMoney />
            </div>
          </dl>
          <h2 className="card__title">Account</h2>
          <Link to="/settings" className="btn">
            Change Password or Email
          </Link>
          <FeedbackButton />
        </div>
      </div>

      <div className="card">
        <h2 className="card__title">Last 30 Days</h2>
        {stats.loading ? (
          <Spinner />
        ) : stats.error ? (
          <ErrorText>{stats.error}</ErrorText>
        ) : (
          <dl className="stats">
            <div className="stat">
              <dt>Bets Won</dt>
              <dd>{s.betsWon ?? 0}</dd>
            </div>
            <div className="stat">
              <dt>Bets Lost</dt>
              <dd>{s.betsLost ?? 0}</dd>
            </div>
            <div className="stat">
              <dt>Win Rate</dt>
              <dd>{Number(s.winRate ?? 0).toFixed(1)}%</dd>
            </div>
            <div className="stat">
              <dt>Net Profit</dt>
              <dd className={net >= 0 ? 'amount--positive' : 'amount--negative'}>{signedMoney(net)}</dd>
            </div>
          </dl>
        )}
        <h3>Net profit per day</h3>
        {history.loading ? (
          <Spinner />
        ) : history.error ? (
          <ErrorText>{history.error}</ErrorText>
        ) : points.length === 0 ? (
          <p className="muted">No settled bets in the last 30 days.</p>
        ) : (
          <Suspense fallback={<Spinner label="Loading chart…" />}>
            <NetProfitChart data={points} />
          </Suspense>
        )}
      </div>
      {editing && <EditProfileModal user={user} onClose={() => setEditing(false)} />}
    </section>
  );
}
