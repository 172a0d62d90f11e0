import { Type } from '@sinclair/typebox';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AppContext } from '../context';
import { InvalidInputError } from '../domain/errors';
import { addDays, localDayLabel } from '../domain/time';
import { cleanText, dataMessage } from '../providers/model';
import { useModel } from './budget';
import { builtInReply } from './chat-built-in';
import { chatTools } from './chat-tools';
import { type BetSlip, type ChatInput, HISTORY_KEPT, textOf } from './conversation';
import { loadCalendar, now, offsetMinutes, type ProducedBy } from './data';

export type { BetSlip, ChatInput, ChatMessage } from './conversation';

const ChatAnswer = Type.Object({ reply: Type.String({ minLength: 1, maxLength: 6000 }) });

/**
 * One chat turn: the model with its fixed tools (chat-tools.ts) when there is one, else (or
 * when it fails) the built-in analyst (chat-built-in.ts).
 */
export async function chat(
  ctx: AppContext,
  input: ChatInput,
): Promise<{ reply: string; betSlip?: BetSlip; producedBy: ProducedBy }> {
  const message = input.message.trim();
  if (!message) throw new InvalidInputError('Please enter a message.');
  const history = input.history.slice(-HISTORY_KEPT);
  const games = await loadCalendar(ctx);
  let proposed: BetSlip | undefined;

  const builtIn = async () => {
    const r = await builtInReply(ctx, message, history, games, input.user);
    proposed = r.betSlip;
    return r.reply;
  };

  if (ctx.model) {
    const modelProposals: BetSlip[] = [];
    try {
      const { answer } = await useModel(ctx, (model) =>
        model.converse<{ reply: string }>(
          [
            ...history.map(
              (m): ChatCompletionMessageParam =>
                m.role === 'model'
                  ? { role: 'assistant', content: cleanText(textOf(m), 2000) }
                  : { role: 'user', content: cleanText(textOf(m), 2000) },
            ),
            dataMessage({
              player: { username: input.user.username },
              now: now(ctx).toISOString(),
              // "today" and "tomorrow" are the players' days, not UTC's
              timeZone: ctx.config.AI_TIMEZONE,
              today: localDayLabel(now(ctx), offsetMinutes(ctx)),
              tomorrow: localDayLabel(addDays(now(ctx), 1), offsetMinutes(ctx)),
              clientContext: input.context ?? null,
            }),
            { role: 'user', content: cleanText(message, 2000) },
            {
              role: 'user',
              content:
                'TASK: answer the player\'s last message. Use the tools for any game, odds, account or rule facts. Answer {"reply": string} (plain text, **bold** and "- " lists allowed).',
            },
          ],
          chatTools(ctx, games, input.user, modelProposals),
          ChatAnswer,
        ),
      );
      const bet = modelProposals.at(-1);
      return { reply: answer.reply, ...(bet ? { betSlip: bet } : {}), producedBy: 'model' as const };
    } catch (err) {
      ctx.logger.warn({ err: (err as Error).message }, 'model chat failed; the built-in analyst answers');
    }
  }
  const reply = await builtIn();
  return { reply, ...(proposed ? { betSlip: proposed } : {}), producedBy: 'built-in' as const };
}
