import { lazy, Suspense } from 'react';

// react-markdown and its parser are most of a phone's player bundle: they load with the first AI
// text a page shows, not with the board (issue 34, first odds on a slow phone).
const AiMarkdown = lazy(() => import(/* webpackChunkName: "ai-markdown" */ './AiMarkdown'));

/** Until the renderer has loaded: the words without their markdown signs, as plain paragraphs. */
export function plainText(text: string): string[] {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/^[ \t]{0,3}(#{1,6}\s+|[-*+]\s+|\d+\.\s+)/gm, '')
    .replace(/(\*\*|__|\*|_|`)(.+?)\1/g, '$2')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** AI text (chat, analyses, summaries) rendered from its markdown; see AiMarkdown. */
export function AiText({ text }: { text: string }) {
  return (
    <Suspense
      fallback={
        <div className="ai-text">
          {plainText(text).map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text
            <p key={i}>{p}</p>
          ))}
        </div>
      }
    >
      <AiMarkdown text={text} />
    </Suspense>
  );
}
