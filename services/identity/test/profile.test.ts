import { UserUpdated } from '@bet/proto-events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebaseAvatarUrls } from '../src/store/avatars';
import { type Harness, loginStatus, refreshStatus, registerPlayer, startIdentity, waitFor } from './helpers';

let h: Harness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(async () => {
  await h?.stop();
});

describe('profile', () => {
  it('reads the profile and changes only first name, last name and state', async () => {
    const p = await registerPlayer(h);
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })).json(),
    ).toEqual(p.user);

    const res = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      token: p.accessToken,
      payload: { firstName: ' Adaeze ', state: 'Lagos' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: 'Profile updated successfully!',
      user: { firstName: 'Adaeze', lastName: 'Obi', state: 'Lagos' },
    });
    const evt = await waitFor(() =>
      h.events.find((e) => e.subject === UserUpdated.subject && e.data.userId === p.id),
    );
    expect(evt.data).toMatchObject({
      firstName: 'Adaeze',
      state: 'Lagos',
      limits: { weeklyBetCount: { limit: 0 } },
    });
  });

  it('refuses a body with role, walletBalance or anything else, changing nothing', async () => {
    const p = await registerPlayer(h);
    for (const extra of [
      { role: 'admin' },
      { walletBalance: 1_000_000 },
      { email: 'x@y.z' },
      { username: 'boss' },
    ]) {
      const res = await h.call({
        method: 'PATCH',
        url: '/api/v1/users/profile',
        token: p.accessToken,
        payload: { firstName: 'Changed', ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        { path: Object.keys(extra)[0], location: 'body', msg: `${Object.keys(extra)[0]} is not allowed` },
      ]);
    }
    const after = (
      await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })
    ).json();
    expect(after).toEqual(p.user);
  });

  it('refuses bad names and needs a token', async () => {
    const p = await registerPlayer(h);
    const bad = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/profile',
      token: p.accessToken,
      payload: { lastName: '<b>x</b>' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('lastName');
    expect(
      (await h.call({ method: 'PATCH', url: '/api/v1/users/profile', payload: { firstName: 'X' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('email and password', () => {
  it('changes the email with the current password', async () => {
    const p = await registerPlayer(h);
    const wrong = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/email',
      token: p.accessToken,
      payload: { newEmail: `new-${p.email}`, currentPassword: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toBe('Current password is incorrect.');
    const other = await registerPlayer(h);
    const taken = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/email',
      token: p.accessToken,
      payload: { newEmail: other.email.toUpperCase(), currentPassword: p.password },
    });
    expect(taken.statusCode).toBe(409);
    const ok = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/email',
      token: p.accessToken,
      payload: { newEmail: `New-${p.email}`, currentPassword: p.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      msg: 'Email changed successfully! Please check your inbox for verification if required.',
      user: { email: `new-${p.email}` },
    });
    expect(await loginStatus(h, `new-${p.email}`, p.password)).toBe(200);
    expect(await loginStatus(h, p.email, p.password)).toBe(401);
    await waitFor(() =>
      h.events.find((e) => e.subject === UserUpdated.subject && e.data.email === `new-${p.email}`),
    );
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const p = await registerPlayer(h);
    const elsewhere = (
      await h.call({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: p.email, password: p.password },
      })
    ).json();
    const mismatch = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/password',
      token: p.accessToken,
      payload: { currentPassword: p.password, newPassword: 'brand-new-words', confirmNewPassword: 'other' },
    });
    expect(mismatch.json().msg).toBe('New passwords do not match.');
    const common = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/password',
      token: p.accessToken,
      payload: { currentPassword: p.password, newPassword: 'qwerty123', confirmNewPassword: 'qwerty123' },
    });
    expect(common.statusCode).toBe(400);
    const ok = await h.call({
      method: 'PATCH',
      url: '/api/v1/users/password',
      token: p.accessToken,
      payload: {
        currentPassword: p.password,
        newPassword: 'brand-new-words',
        confirmNewPassword: 'brand-new-words',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ msg: 'Password changed successfully!' });
    expect(await refreshStatus(h, p.refreshToken)).toBe(200);
    expect(await refreshStatus(h, elsewhere.refreshToken)).toBe(400);
    // this session's access token still works, the other session's stopped at once
    await expect(h.infra.verifier.verify(p.accessToken)).resolves.toMatchObject({ id: p.id });
    await expect(h.infra.verifier.verify(elsewhere.accessToken)).rejects.toMatchObject({ reason: 'revoked' });
    expect(await loginStatus(h, p.email, 'brand-new-words')).toBe(200);
  });

  it('refuses set-password on an account that has one', async () => {
    const p = await registerPlayer(h);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/users/set-password',
      token: p.accessToken,
      payload: { newPassword: 'another-pass-99', confirmPassword: 'another-pass-99' },
    });
    expect(res.statusCode).toBe(409);
  });
});

// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
  const boundary = '----identitytest7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('profile picture', () => {
  it('accepts a real PNG, stores it and serves it with cache headers', async () => {
    const p = await registerPlayer(h);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      ...multipart('profilePicture', 'me.png', 'image/png', PNG),
    });
    expect(res.statusCode).toBe(200);
    const { msg, profilePictureUrl: absolute } = res.json();
    expect(msg).toBe('Profile picture updated!');
    // absolute on PUBLIC_URL: a web client on another origin loads it as it is
    expect(absolute).toMatch(/^http:\/\/bet\.test\/api\/v1\/users\/avatars\/[0-9a-f]{24}$/);
    const profilePictureUrl = new URL(absolute).pathname;
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })).json()
        .profilePicture,
    ).toBe(absolute);

    const img = await h.call({ method: 'GET', url: profilePictureUrl });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(img.rawPayload, PNG)).toBe(0);
    const cached = await h.call({
      method: 'GET',
      url: profilePictureUrl,
      headers: { 'if-none-match': img.headers.etag },
    });
    expect(cached.statusCode).toBe(304);

    // a second upload replaces the first
    const second = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      ...multipart('profilePicture', 'me2.png', 'image/png', PNG),
    });
    expect(second.json().profilePictureUrl).not.toBe(absolute);
    expect((await h.call({ method: 'GET', url: profilePictureUrl })).statusCode).toBe(404);

    // a stored bare path (from before) or an older PUBLIC_URL moves onto the current one at start
    const db = h.svc.ctx.db;
    const id = (await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })).json()
      ._id;
    const picture = second.json().profilePictureUrl as string;
    const avatarId = picture.slice(-24);
    await db
      .updateTable('users')
      .set({ profile_picture: `/api/v1/users/avatars/${avatarId}` })
      .where('id', '=', id)
      .execute();
    expect(await rebaseAvatarUrls(db, 'http://bet.test')).toBe(1);
    expect(await rebaseAvatarUrls(db, 'http://bet.test')).toBe(0);
    await db
      .updateTable('users')
      .set({ profile_picture: picture.replace('http://bet.test', 'https://old.example') })
      .where('id', '=', id)
      .execute();
    expect(await rebaseAvatarUrls(db, 'http://bet.test/')).toBe(1);
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })).json()
        .profilePicture,
    ).toBe(picture);
  });

  it('accepts a picture above the 1 MB JSON body limit and under 2 MB', async () => {
    const p = await registerPlayer(h);
    const large = Buffer.concat([PNG, Buffer.alloc(1.5 * 1024 * 1024)]);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      ...multipart('profilePicture', 'large.png', 'image/png', large),
    });
    expect(res.statusCode).toBe(200);
    expect((await h.call({ method: 'GET', url: res.json().profilePictureUrl })).rawPayload.length).toBe(
      large.length,
    );
  });

  it('refuses a text file named .png, whatever it claims to be', async () => {
    const p = await registerPlayer(h);
    const res = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      ...multipart('profilePicture', 'evil.png', 'image/png', Buffer.from('<svg onload="alert(1)"></svg>')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ msg: 'Profile picture must be a PNG, JPEG, WebP or GIF image.' });
    expect(
      (await h.call({ method: 'GET', url: '/api/v1/users/profile', token: p.accessToken })).json()
        .profilePicture,
    ).toBeNull();
  });

  it('refuses a picture over 2 MB, a wrong field and a non-multipart body', async () => {
    const p = await registerPlayer(h);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      ...multipart('profilePicture', 'big.png', 'image/png', big),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ msg: 'Profile picture must be at most 2 MB.' });
    const wrongField = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      ...multipart('avatar', 'me.png', 'image/png', PNG),
    });
    expect(wrongField.statusCode).toBe(400);
    const json = await h.call({
      method: 'POST',
      url: '/api/v1/users/profile-picture',
      token: p.accessToken,
      payload: { profilePicture: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(
      await h.svc.ctx.db.selectFrom('avatars').selectAll().where('user_id', '=', p.id).execute(),
    ).toEqual([]);
  });

  it('answers a broken multipart body with a 400, not a 500, and stores nothing', async () => {
    const p = await registerPlayer(h);
    const boundary = 'brokenBoundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    for (const [contentType, payload] of [
      ['multipart/form-data', 'abc'], // no boundary
      [`multipart/form-data; boundary=${boundary}`, 'not a multipart body at all'],
      [`multipart/form-data; boundary=${boundary}`, head.slice(0, 60)], // cut inside the part headers
      [`multipart/form-data; boundary=${boundary}`, `${head}abc\r\n`], // no closing boundary
    ]) {
      const res = await h.call({
        method: 'POST',
        url: '/api/v1/users/profile-picture',
        token: p.accessToken,
        payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().msg).toMatch(/could not be read/);
    }
    expect(
      await h.svc.ctx.db.selectFrom('avatars').selectAll().where('user_id', '=', p.id).execute(),
    ).toEqual([]);
  });

  it('answers a malformed picture id with 400 and an unknown one with 404', async () => {
    expect((await h.call({ method: 'GET', url: '/api/v1/users/avatars/not-an-id' })).statusCode).toBe(400);
    expect((await h.call({ method: 'GET', url: `/api/v1/users/avatars/${'0'.repeat(24)}` })).statusCode).toBe(
      404,
    );
  });
});

describe('events', () => {
  it('every event published matched its catalogue schema', () => {
    expect(h.events.length).toBeGreaterThan(0);
    expect(h.invalidEvents).toEqual([]);
  });
});
