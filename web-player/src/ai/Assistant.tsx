import { useSession } from '@bet/web-shell/core';
import { ChatThread } from './ChatThread';
import { CHAT_SUGGESTIONS } from './ChatWidget';
import { greeting, useAiChat } from './chat';
import './ai.css';

/** The /assistant page: the same conversation as the floating panel, full width. */
export default function Assistant() {
  const username = useSession((s) => s.user?.username);
  const empty = useAiChat((s) => s.messages.length === 0);
  return (
    <section className="page ai-assistant">
      <h1>AI Assistant</h1>
      {empty && <p className="muted">{greeting(username)}</p>}
      <ChatThread suggestions={CHAT_SUGGESTIONS} />
    </section>
  );
}
