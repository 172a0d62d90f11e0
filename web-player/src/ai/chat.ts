// The AI assistant's conversation, shared by the floating chat panel and the /assistant page so
// both show the same thread. Pure helpers are exported for the tests.
import { api, toast, useSession } from '@bet/web-shell/core';
import { create } from 'zustand';
import type { SlipSelection } from '../slip/rules';
import { useSlip } from '../slip/store';
import type { ChatAnswer, ProposedBet } from './types';

export interface ChatMessage {
  role: 'user' | 'model';
  text: string;
}

export const CHAT_ERROR = 'Sorry, I encountered an error. Please try again.';
export const BET_ADDED = 'Bet added to your slip! Please confirm in the chat.';
/** the service reads only the last six messages, so no more are sent */
export const HISTORY_SIZE = 6;

/** The conversation so far in the spec's shape, last six messages. */
export function historyOf(messages: ChatMessage[]) {
  return messages.slice(-HISTORY_SIZE).map((m) => ({ role: m.role, parts: [{ text: m.text }] }));
}

export function greeting(username: string | undefined): string {
  return `Hi ${username || 'there'}! I'm your betting assistant. Ask me about games, odds, rules or your bets.`;
}

/** The slip selection of a proposed bet, or null when it lacks a game, outcome or price. */
export function selectionOf(bet: ProposedBet | null | undefined): SlipSelection | null {
  if (!bet || typeof bet.gameId !== 'string') return null;
  const key =
    bet.outcome === 'A' ? 'home' : bet.outcome === 'B' ? 'away' : bet.outcome === 'Draw' ? 'draw' : null;
  const odds = key ? bet.oddsAtTimeOfBet?.[key] : undefined;
  if (!key || typeof odds !== 'number' || !(odds > 1)) return null;
  return {
    gameId: bet.gameId,
    outcome: bet.outcome,
    odds,
    gameDetails: { homeTeam: bet.gameDetails?.homeTeam ?? '', awayTeam: bet.gameDetails?.awayTeam ?? '' },
  };
}

interface ChatState {
  open: boolean;
  messages: ChatMessage[];
  loading: boolean;
  /** Opens the panel; the first time, the assistant greets the user by name. */
  openChat: () => void;
  close: () => void;
  send: (text: string) => Promise<void>;
}

export const useAiChat = create<ChatState>()((set, get) => ({
  open: false,
  messages: [],
  loading: false,
  openChat: () => {
    if (get().messages.length === 0) {
      const username = useSession.getState().user?.username;
      set({ messages: [{ role: 'model', text: greeting(username) }] });
    }
    set({ open: true });
  },
  close: () => set({ open: false }),
  send: async (text) => {
    const message = text.trim();
    if (!message || get().loading) return;
    const history = historyOf(get().messages);
    set({ messages: [...get().messages, { role: 'user', text: message }], loading: true });
    let reply = CHAT_ERROR;
    try {
      const res = await api.post<ChatAnswer>(
        '/ai/chat',
        { message, history, context: { page: globalThis.location?.pathname ?? '/' } },
        { silent: true },
      );
      if (typeof res?.reply === 'string' && res.reply.trim()) reply = res.reply;
      const sel = selectionOf(res?.betSlip);
      if (sel && reply !== CHAT_ERROR) {
        const already = useSlip
          .getState()
          .selections.some((s) => s.gameId === sel.gameId && s.outcome === sel.outcome);
        const result = already ? 'added' : useSlip.getState().toggle(sel);
        if (result === 'added' || result === 'updated') toast.success(BET_ADDED);
        else if (result === 'max') toast.error('Your bet slip is full.');
      }
    } catch {
      reply = CHAT_ERROR;
    }
    set({ messages: [...get().messages, { role: 'model', text: reply }], loading: false });
  },
}));
