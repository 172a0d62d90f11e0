import { useSession } from '@bet/web-shell/core';
import { aUser } from '@bet/web-shell/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Login from './Login';
import Register from './Register';

const toast = vi.hoisted(() => ({ error: vi.fn(), success: vi.fn(), info: vi.fn() }));
vi.mock('sonner', () => ({ toast, Toaster: () => null }));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
const bodyOf = (call: unknown) => JSON.parse(String((call as [string, RequestInit])[1].body));
const SENT = {
  msg: "If this number can receive texts, we've sent a 6-digit code to it.",
  phone: '+2348031234567',
  resendInSeconds: 60,
};

beforeEach(() => {
  useSession.setState({ status: 'anonymous', user: null });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('phone sign-up and sign-in', () => {
  it('signs up: number, username and consent, then the 6-digit code, with a resend countdown', async () => {
    const user = aUser({ phone: '+2348031234567' });
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/auth/phone/start')
        ? json(SENT, 202)
        : json({ msg: 'Registration successful! Welcome.', accessToken: 'a', refreshToken: 'r', user }, 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <Register />
      </MemoryRouter>,
    );
    await click('Phone');
    expect(screen.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed')).toBe('true');
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(phone.type).toBe('tel');
    expect(screen.getByText(/\+234 803 123 4567/)).toBeTruthy();

    // the consent is asked before any text goes out
    type('Phone number', '0803 123 4567');
    type('Username', 'ada_obi');
    await click('Send code');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Please confirm you are 18 or over and accept the terms.')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: /18 or older/ }));
    await click('Send code');
    await screen.findByText(/We sent a 6-digit code to/);
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/phone/start');
    expect(bodyOf(fetchMock.mock.calls[0])).toEqual({ phone: '0803 123 4567' });
    expect(screen.getByText('+234 803 123 4567')).toBeTruthy();
    // the username and consent were given with the number
    expect(screen.queryByLabelText('Username')).toBeNull();

    const code = screen.getByLabelText('Code') as HTMLInputElement;
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(screen.getByText('Resend code in 60s')).toBeTruthy();
    // only digits, at most six
    type('Code', '12a34-56789');
    expect(code.value).toBe('123456');

    await click('Create account');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/v1/auth/phone/verify');
    expect(bodyOf(fetchMock.mock.calls[1])).toEqual({
      phone: '+2348031234567',
      code: '123456',
      username: 'ada_obi',
      termsAccepted: true,
    });
    await waitFor(() => expect(useSession.getState().status).toBe('authenticated'));
    expect(toast.success).toHaveBeenCalledWith('Registration successful! Welcome.');
  });

  it("signs in, and asks for a username when the number has no account; shows the server's msg by the field", async () => {
    const answers = [
      json(SENT, 202),
      json(
        {
          msg: 'Wrong code. 4 attempts left.',
          code: 'invalid_code',
          errors: [{ path: 'code', location: 'body', msg: 'Wrong code. 4 attempts left.' }],
        },
        400,
      ),
      json(
        {
          msg: 'No account uses this number yet. Choose a username to create one.',
          code: 'signup_details_required',
          errors: [
            {
              path: 'username',
              location: 'body',
              msg: 'No account uses this number yet. Choose a username to create one.',
            },
          ],
        },
        400,
      ),
    ];
    const fetchMock = vi.fn(async () => answers.shift()!);
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <Login />
      </MemoryRouter>,
    );
    await click('Phone');
    expect(screen.queryByLabelText('Username')).toBeNull();
    type('Phone number', '08031234567');
    await click('Send code');
    await screen.findByLabelText('Code');

    type('Code', '000000');
    await click('Login');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Wrong code. 4 attempts left.'));
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBe('true');
    expect(bodyOf(fetchMock.mock.calls[1])).toEqual({ phone: '+2348031234567', code: '000000' });

    type('Code', '123456');
    await click('Login');
    await screen.findByLabelText('Username');
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('offers to resend once the countdown ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = vi.fn(async () => json({ ...SENT, resendInSeconds: 2 }, 202));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <MemoryRouter>
        <Login />
      </MemoryRouter>,
    );
    await click('Phone');
    type('Phone number', '08031234567');
    await click('Send code');
    await screen.findByText('Resend code in 2s');
    for (const left of ['Resend code in 1s', null]) {
      await act(async () => {
        vi.advanceTimersByTime(1_000);
      });
      if (left) expect(screen.getByText(left)).toBeTruthy();
    }
    await click('Resend code');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
  });
});
