import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackButton } from './FeedbackButton';
import { LimitSuggestion } from './LimitSuggestion';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('<FeedbackButton>', () => {
  it('opens the modal with the feedback as text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ feedback: 'You win most on **home** picks.<script>x</script>' })),
    );
    render(<FeedbackButton />);
    fireEvent.click(screen.getByRole('button', { name: 'Get AI Betting Feedback' }));
    expect(await screen.findByRole('dialog', { name: 'AI Betting Feedback' })).toBeTruthy();
    expect((await screen.findByText('home')).tagName).toBe('STRONG');
    expect(document.querySelector('script')).toBeNull();
  });
});

describe('<LimitSuggestion>', () => {
  it('shows the suggestion and Apply hands over the suggested limits', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json({ suggestion: 'Keep it steady.', suggestedLimits: { betCount: 12, stakeAmount: 150 } }),
      ),
    );
    const onApply = vi.fn();
    render(<LimitSuggestion onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Get AI Limit Suggestion' }));
    await screen.findByText('Keep it steady.');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(12, 150);
  });
});
