import type { betSlipOf } from '../domain/chat';

/** What a chat is made of: the messages, the caller's input and the bet a reply may propose. */
export interface ChatMessage {
  role: 'user' | 'model';
  parts: Array<{ text: string }>;
}

export interface ChatInput {
  message: string;
  history: ChatMessage[];
  context?: unknown;
  user: { id: string; username: string | null };
}

export type BetSlip = ReturnType<typeof betSlipOf>;

/** the spec's client sends the last 6 messages; anything older is ignored here too */
export const HISTORY_KEPT = 6;

export const textOf = (m: ChatMessage) => m.parts.map((p) => p.text).join(' ');
