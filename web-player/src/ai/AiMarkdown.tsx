import Markdown, { type Components } from 'react-markdown';

/**
 * AI text (the assistant's chat, analyses, summaries) as the markdown it is written in: bold,
 * emphasis, lists, numbered lists, headings, links. react-markdown builds React elements from
 * the markdown's syntax tree, never from HTML: raw HTML in the text is dropped (`skipHtml`),
 * images are not loaded, and link targets pass its URL filter (no `javascript:`).
 */
const components: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
  // a heading inside a chat bubble or a card reads as a bold line, not a page title
  h1: ({ children }) => <p className="ai-text__heading">{children}</p>,
  h2: ({ children }) => <p className="ai-text__heading">{children}</p>,
  h3: ({ children }) => <p className="ai-text__heading">{children}</p>,
  h4: ({ children }) => <p className="ai-text__heading">{children}</p>,
};

export default function AiMarkdown({ text }: { text: string }) {
  return (
    <div className="ai-text">
      <Markdown skipHtml disallowedElements={['img']} unwrapDisallowed={false} components={components}>
        {text}
      </Markdown>
    </div>
  );
}
