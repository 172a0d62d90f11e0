import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ForYouCard } from './ForYouCard';
import { QuickTipsCard } from './QuickTipsCard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('<QuickTipsCard>', () => {
  it('asks visitors to log in without calling the service', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    render(<QuickTipsCard signedIn={false} />);
    expect(screen.getByText('Please login to get AI-powered tips.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so when the tips cannot be fetched', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ msg: 'down' }, 503)),
    );
    render(
      <MemoryRouter>
        <QuickTipsCard signedIn />
      </MemoryRouter>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Could not fetch new tips at this time.');
  });
});

describe('<ForYouCard>', () => {
  it('hides itself on error', async () => {
    const fetchMock = vi.fn(async () => json({ msg: 'down' }, 500));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(<ForYouCard />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
