import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SandboxBanner } from './Layout';

afterEach(cleanup);

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
    const fetch = answer({ provider: 'paystack', sandbox: false });
    render(<SandboxBanner />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
