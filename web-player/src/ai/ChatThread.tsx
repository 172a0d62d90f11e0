import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AiText } from './AiText';
import { useAiChat } from './chat';

/** The conversation and its input, used by the floating panel and the /assistant page. */
export function ChatThread({ suggestions = [] }: { suggestions?: string[] }) {
  const messages = useAiChat((s) => s.messages);
  const loading = useAiChat((s) => s.loading);
  const send = useAiChat((s) => s.send);
  const [draft, setDraft] = useState('');
  const inputId = useId();
  const endRef = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every new message
  useEffect(() => {
    endRef.current?.scrollIntoView?.({ block: 'end' });
  }, [messages.length, loading]);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!draft.trim() || loading) return;
    const text = draft;
    setDraft('');
    void send(text);
  }

  return (
    <div className="ai-chat">
      <div className="ai-chat__log" role="log" aria-live="polite" aria-label="Conversation">
        {messages.map((m, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: messages are only appended
          <div key={i} className={`ai-chat__msg ai-chat__msg--${m.role}`}>
            {m.role === 'model' ? <AiText text={m.text} /> : <p>{m.text}</p>}
          </div>
        ))}
        {loading && (
          <div className="ai-chat__msg ai-chat__msg--model ai-chat__typing" role="status">
            Thinking…
          </div>
        )}
        <div ref={endRef} />
      </div>
      {suggestions.length > 0 && messages.length <= 1 && (
        <div className="ai-chat__chips">
          {suggestions.map((s) => (
            <button key={s} type="button" className="chip" disabled={loading} onClick={() => void send(s)}>
              {s}
            </button>
          ))}
        </div>
      )}
      <form className="ai-chat__form" onSubmit={submit}>
        <label htmlFor={inputId} className="visually-hidden">
          Message
        </label>
        <input
          id={inputId}
          placeholder="Ask me anything…"
          autoComplete="off"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={!draft.trim() || loading}>
          Send
        </button>
      </form>
    </div>
  );
}
