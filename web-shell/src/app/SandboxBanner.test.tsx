import { forgetDeployment } from '@bet/web-shell/core';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxBanner } from './Layout';

afterEach(() => {
  cleanup();
  forgetDeployment();
});

const answer = (body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status: 200 }));

describe('the sandbox payments banner', () => {
  it('shows while deposits go to the sandbox', async () => {
    const fetch = answer({ provider: 'sandbox', sandbox: true });
    render(<SandboxBanner />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/Sandbox payments\./));
    expect(fetch.mock.calls[0][0]).toBe('/api/v1/wallet/payments');
  });

  it('stays away with a real provider', async () => {
    const res = new Response(JSON.stringify({ provider: 'paystack', sandbox: false }), { status: 200 });
    const read = vi.spyOn(res, 'json');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(res);
    render(<SandboxBanner />);
    await waitFor(() => expect(read).toHaveBeenCalled());
    // the sentinel: the banner has read the answer (its state is set right after), not a pause
    await act(() => read.mock.results[0]!.value);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
