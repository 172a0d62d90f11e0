import { useSession } from '@bet/web-shell/core';
import { aUser } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Login from './Login';
import Register from './Register';
import Settings from './Settings';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast, Toaster: () => null }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const type = (label: string, value: string, scope: Pick<typeof screen, 'getByLabelText'> = screen) =>
  fireEvent.change(scope.getByLabelText(label), { target: { value } });

beforeEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<Login>', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <Login />
      </MemoryRouter>,
    );
    type('Email', '   ');
    type('Password', 'secret');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    expect(toast.error).toHaveBeenCalledWith('Please fill in both fields');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's message, is busy while waiting and sends the trimmed email", async () => {
    let answer!: (r: Response) => void;
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <Login />
      </MemoryRouter>,
    );
    type('Email', ' a@b.io ');
    type('Password', 'secret');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/auth/login');
    expect(JSON.parse(String(init.body))).toEqual({ email: 'a@b.io', password: 'secret' });
    await act(async () => answer(json({ msg: 'Invalid credentials' }, 401)));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Invalid credentials'));
    expect((screen.getByRole('button', { name: 'Login' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('<Register>', () => {
  const renderRegister = () =>
    render(
      <MemoryRouter>
        <Register />
      </MemoryRouter>,
    );
  const fillAll = () => {
    type('First Name', 'Ada');
    type('Last Name', 'Obi');
    type('Username', 'ada_obi');
    type('Email', 'ada@example.com');
    type('Password', 'long-enough-pass');
    type('Confirm Password', 'long-enough-pass');
  };
  const submit = () =>
    act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    });

  it('shows each problem under its field and calls nobody', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();
    type('Username', 'ada');
    await submit();
    expect(toast.error).toHaveBeenCalledWith('Please fill in all fields.');
    expect(screen.getByLabelText('First Name').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('First name is required.')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Please confirm you are 18 or over and accept the terms.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ticks the password rules as they are met, and checks the confirmation', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();
    const rules = screen.getByRole('list', { name: 'Password rules' });
    expect(within(rules).queryAllByText('(met)')).toHaveLength(0);
    fillAll();
    expect(within(rules).getAllByText('(met)')).toHaveLength(3);
    type('Confirm Password', 'something-else');
    fireEvent.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await submit();
    expect(toast.error).toHaveBeenCalledWith('Passwords do not match!');
    expect(screen.getByText('Passwords do not match!')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the consent and puts the server's field errors beside their fields", async () => {
    const fetchMock = vi.fn(async () =>
      json(
        {
          msg: 'Username already taken.',
          errors: [{ path: 'username', location: 'body', msg: 'Username already taken.' }],
        },
        409,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRegister();
    fillAll();
    fireEvent.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await submit();
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Username already taken.'));
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ username: 'ada_obi', termsAccepted: true });
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Username already taken.')).toBeTruthy();
  });
});

describe('<Settings> change password', () => {
  it('checks order (all fields, then match), clears the form on success', async () => {
    useSession.setState({
      status: 'authenticated',
      user: aUser({ _id: 'u1', username: 'demo', email: 'd@x.io', hasPassword: true }),
    });
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/users/profile') ? json({ _id: 'u1', limits: {} }) : json({ msg: 'ok' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(<Settings />);
    const form = within(screen.getByRole('form', { name: 'Change Password' }));
    const submit = () =>
      act(async () => {
        fireEvent.click(form.getByRole('button', { name: 'Change Password' }));
      });

    type('Current Password', 'old', form);
    type('New Password', 'new1', form);
    await submit();
    expect(toast.error).toHaveBeenLastCalledWith('Please fill in all fields.');
    type('Confirm New Password', 'new2', form);
    await submit();
    expect(toast.error).toHaveBeenLastCalledWith('New passwords do not match.');
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/users/password'))).toBe(false);

    type('Confirm New Password', 'new1', form);
    await submit();
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Password changed successfully!'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/users/password')) as unknown as [
      string,
      RequestInit,
    ];
    expect(call[1].method).toBe('PATCH');
    expect(JSON.parse(String(call[1].body))).toEqual({
      currentPassword: 'old',
      newPassword: 'new1',
      confirmNewPassword: 'new1',
    });
    expect((form.getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
    expect((form.getByLabelText('Confirm New Password') as HTMLInputElement).value).toBe('');
  });

  it('fills the limits from the profile', async () => {
    useSession.setState({
      status: 'authenticated',
      user: aUser({ _id: 'u1', username: 'demo', email: 'd@x.io', hasPassword: true }),
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ _id: 'u1', limits: { weeklyBetCount: { limit: 5 }, weeklyStakeAmount: { limit: 12.5 } } }),
      ),
    );
    render(<Settings />);
    await waitFor(() =>
      expect((screen.getByLabelText('Weekly Bet Count Limit') as HTMLInputElement).value).toBe('5'),
    );
    expect((screen.getByLabelText('Weekly Stake Amount Limit ($)') as HTMLInputElement).value).toBe('12.5');
  });
});
