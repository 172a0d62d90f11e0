import { useSession } from '@bet/web-shell/core';
import { ChatThread } from './ChatThread';
import { useAiChat } from './chat';
import './ai.css';

export const CHAT_SUGGESTIONS = ['Suggest a bet', 'Games today', 'How does a multi bet work?', 'My balance'];

/** The floating AI chat button and its panel, for signed-in players only. */
export function ChatWidget() {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const open = useAiChat((s) => s.open);
  const openChat = useAiChat((s) => s.openChat);
  const close = useAiChat((s) => s.close);
  if (!signedIn) return null;
  return (
    <>
      {!open && (
        <button type="button" className="ai-fab" aria-label="Open AI chat" onClick={openChat}>
          <span aria-hidden="true">AI</span>
        </button>
      )}
      {open && (
        <section className="ai-panel" role="dialog" aria-label="AI Assistant">
          <header className="ai-panel__head">
            <h2>AI Assistant</h2>
            <button type="button" className="btn btn--ghost btn--sm" aria-label="Close chat" onClick={close}>
              ✕
            </button>
          </header>
          <ChatThread suggestions={CHAT_SUGGESTIONS} />
        </section>
      )}
    </>
  );
}
