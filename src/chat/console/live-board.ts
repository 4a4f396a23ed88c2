import { liveRounds, type ChatContext, type RiderAnswers } from '../../core/index.js';
import type { Clock } from '../../domain/clock.js';
import type { Reply } from '../../domain/reply.js';
import type { LiveMessagesRepository } from '../../domain/store-ports.js';
import type { LiveEditor } from '../../domain/live-editor.js';
import { renderPlainText } from './render.js';

// 🔴 Live in the terminal: a terminal cannot edit what it printed, so the live updater's redraw
// prints the board again, below, whenever it changed (the minutes, a bus coming or gone) and once
// more when it stops; it promises "updated every 30 s" and keeps it. One board at a time; boards
// of an earlier run are not carried on (the terminal they were printed on is gone).

export interface ConsoleLive {
  messages: LiveMessagesRepository;
  clock: Clock;
}

export interface ConsoleLiveBoards {
  readonly editor: LiveEditor;
  /** Forgets the boards an earlier run stored. */
  forgetEarlier(): Promise<void>;
  /** A typed line answered with a live board: stored to be printed again each round until its end. */
  keep(line: string, reply: Reply): Promise<void>;
}

export function consoleLiveBoards(
  core: Pick<RiderAnswers, 'parse'>,
  chat: ChatContext,
  live: ConsoleLive,
  print: (text: string) => boolean,
): ConsoleLiveBoards {
  // The last text printed of each board, so that a round with nothing new prints nothing.
  const printed = new Map<string, string>();
  let shown = 0;

  async function forgetEarlier(): Promise<void> {
    for (const message of await live.messages.list('console')) await live.messages.remove(message);
    printed.clear();
  }

  return {
    editor: {
      platform: 'console',
      redraw(message, reply) {
        const text = renderPlainText(reply);
        if (printed.get(message.id) === text) return Promise.resolve('edited');
        printed.set(message.id, text);
        return Promise.resolve(print(text) ? 'edited' : 'gone');
      },
      // Boards only: a terminal shows no map pin.
      move: () => Promise.resolve('gone'),
      stop: (message) => Promise.resolve(void printed.delete(message.id)),
    },
    forgetEarlier,
    async keep(line, reply) {
      const parsed = core.parse(line, chat);
      if (reply.liveUntil === undefined || parsed === null || !parsed.ok) return;
      await forgetEarlier();
      shown += 1;
      const id = `console.${chat.chatId}.${live.clock().getTime()}-${shown}`;
      printed.set(id, renderPlainText(reply));
      // Rounds ask the arrivals (or the line, drawn here as its text strip) themselves: the live period is the record's.
      const rounds = liveRounds(parsed.request);
      await live.messages.put({
        id,
        platform: 'console',
        kind: rounds.kind,
        chatId: chat.chatId,
        chatType: chat.chatType,
        messageId: id,
        ...(chat.languageCode !== undefined ? { languageCode: chat.languageCode } : {}),
        request: rounds.request,
        until: reply.liveUntil,
      });
    },
  };
}
