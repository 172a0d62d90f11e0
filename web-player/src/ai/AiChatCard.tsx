import { useSession } from '@bet/web-shell/core';
import { useAiChat } from './chat';

/** Support page: 'Launch AI Chatbot' opens the floating chat panel (signed-in players only; the layout holds it). */
export function AiChatCard() {
  const signedIn = useSession((s) => s.status === 'authenticated');
  const openChat = useAiChat((s) => s.openChat);
  if (!signedIn) return null;
  return (
    <div className="card ai-card">
      <h2 className="card__title">AI Assistant</h2>
      <p>Get instant answers about games, odds, bet rules and your account.</p>
      <button type="button" className="btn btn--primary" onClick={openChat}>
        Launch AI Chatbot
      </button>
    </div>
  );
}
