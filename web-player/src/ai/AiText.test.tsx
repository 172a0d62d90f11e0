import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AiText, plainText } from './AiText';

// the markdown renderer is a lazy chunk: loaded once here, so a render waits for React only
beforeAll(() => import('./AiMarkdown'));

afterEach(cleanup);

const MODEL_TEXT = [
  "I'd look at **Tottenham to win** in Arsenal vs Tottenham at **5.40**.",
  'Here are the games:\n- Arsenal vs Tottenham\n- Liverpool vs Aston Villa',
  '1. Check the odds\n2. Set a stake\n3. Press *Place Bet*',
  '### Verdict',
].join('\n\n');

describe('<AiText> renders the markdown AI text is written in', () => {
  it('bold, lists after a lead-in line, numbered lists, emphasis and headings: no stray ** or #', async () => {
    const { container } = render(<AiText text={MODEL_TEXT} />);
    await waitFor(() => expect(container.querySelector('strong')).not.toBeNull());
    expect([...container.querySelectorAll('strong')].map((b) => b.textContent)).toEqual([
      'Tottenham to win',
      '5.40',
    ]);
    expect([...container.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual([
      'Arsenal vs Tottenham',
      'Liverpool vs Aston Villa',
    ]);
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual([
      'Check the odds',
      'Set a stake',
      'Press Place Bet',
    ]);
    expect(container.querySelector('em')?.textContent).toBe('Place Bet');
    expect(container.textContent).not.toMatch(/\*\*|^#|\n#/);
    expect(container.textContent).toContain('Verdict');
  });

  it('is safe: raw HTML, scripts, images and javascript: links in the text never become markup', async () => {
    const { container } = render(
      <AiText
        text={
          'Hello <b>there</b><script>alert(1)</script><img src=x onerror=alert(1)>\n\n![pixel](https://evil.test/p.gif) [click](javascript:alert(1)) [site](https://example.com)'
        }
      />,
    );
    await waitFor(() => expect(container.querySelector('a')).not.toBeNull());
    expect(container.querySelector('b, script, img, iframe')).toBeNull();
    const links = [...container.querySelectorAll('a')];
    expect(links.every((a) => !a.getAttribute('href')?.startsWith('javascript:'))).toBe(true);
    const site = links.find((a) => a.textContent === 'site');
    expect(site?.getAttribute('href')).toBe('https://example.com');
    expect(site?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe('plainText: the words shown while the markdown renderer loads', () => {
  it('drops the markdown signs and HTML, keeps the words and the paragraphs', () => {
    expect(plainText(MODEL_TEXT)).toEqual([
      "I'd look at Tottenham to win in Arsenal vs Tottenham at 5.40.",
      'Here are the games:\nArsenal vs Tottenham\nLiverpool vs Aston Villa',
      'Check the odds\nSet a stake\nPress Place Bet',
      'Verdict',
    ]);
    expect(plainText('Hi <b>there</b> [site](https://example.com) ![x](y.gif)')).toEqual(['Hi there site x']);
  });
});
