import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { POST_LIMIT, PostPreview, postParts } from './PostPreview';

afterEach(cleanup);

describe('the social post preview', () => {
  it('marks hashtags and mentions, and keeps the rest of the text as it is', () => {
    expect(postParts('Big night! #EPL @Arsenal vs Chelsea 🔥 #MatchDay')).toEqual([
      { text: 'Big night! ', tag: false },
      { text: '#EPL', tag: true },
      { text: ' ', tag: false },
      { text: '@Arsenal', tag: true },
      { text: ' vs Chelsea 🔥 ', tag: false },
      { text: '#MatchDay', tag: true },
    ]);
  });

  it('shows the whole post and counts its characters against the limit', () => {
    const { container } = render(<PostPreview text="Derby day 🔥 #NPFL" />);
    expect(container.querySelector('.post-preview__text')?.textContent).toBe('Derby day 🔥 #NPFL');
    expect(screen.getByText('#NPFL').className).toBe('post-preview__tag');
    // the emoji is one character, as a feed counts it
    expect(screen.getByText(`17 / ${POST_LIMIT} characters`)).toBeTruthy();
    cleanup();
    render(<PostPreview text={'x'.repeat(POST_LIMIT + 1)} />);
    expect(screen.getByText(/too long/).className).toContain('post-preview__count--over');
  });
});
