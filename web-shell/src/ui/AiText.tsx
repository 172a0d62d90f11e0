import type { ReactNode } from 'react';

/**
 * AI text as safe formatted markup (both remotes show it): paragraphs, "- " lists and **bold**.
 * The model's text only ever becomes React text nodes, so nothing it writes can become markup.
 */
export function AiText({ text }: { text: string }) {
  const blocks = text.split(/\n{2,}/);
  return (
    <div className="ai-text">
      {blocks.map((block, i) => {
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- ')))
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered
            <ul key={i}>
              {lines.map((l, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered
                <li key={j}>{bold(l.slice(2))}</li>
              ))}
            </ul>
          );
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered
        return <p key={i}>{bold(block)}</p>;
      })}
    </div>
  );
}

function bold(s: string): ReactNode[] {
  return s.split(/(\*\*[^*]+\*\*)/).map((part, i) =>
    part.startsWith('**') && part.endsWith('**') ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a fixed text, never reordered
      <strong key={i}>{part.slice(2, -2)}</strong>
    ) : (
      part
    ),
  );
}
