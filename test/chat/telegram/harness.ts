// Builds the Telegram adapter against the fake Bot API, with logs captured in memory, and
// offers the updates a rider's client would produce.
import { pino } from 'pino';
import { createTelegramBot, type TelegramBot, type TelegramBotDeps } from '../../../src/chat/telegram/index.js';
import { startFakeBotApi, type FakeBotApi } from './fake-bot-api.js';
import { toldLifecycle, type ToldLifecycle } from '../told-lifecycle.js';

export const TOKEN = '123456789:AAH-fake_Token-value-for-tests_only';
export const WEBHOOK_SECRET = 'hook_Secret-value-42';

export const ALICE = { id: 1001, is_bot: false, first_name: 'Alice', language_code: 'en' };
export const BENOIT = { id: 1002, is_bot: false, first_name: 'Benoît', language_code: 'fr-CA' };
export const privateChat = (user: { id: number; first_name: string }) => ({ id: user.id, type: 'private' as const, first_name: user.first_name });
export const GROUP = { id: -100200300, type: 'supergroup' as const, title: 'Riders <&> friends' };

export interface Harness {
  api: FakeBotApi;
  telegram: TelegramBot;
  logs: string[];
  /** What the bot's membership updates told the store (the stand-in given unless a test gives its own). */
  lifecycle: ToldLifecycle;
  /** A text message from `from` in `chat`; returns its message_id. */
  text: (text: string, from?: typeof ALICE, chat?: Record<string, unknown>) => number;
  location: (lat: number, lon: number, from?: typeof ALICE) => number;
  /** Presses a button under a message the bot sent earlier. */
  press: (data: string, message: { chatId: number; messageId: number; photo?: boolean }, from?: typeof ALICE) => string;
  /** Presses a button under a message sent through inline mode (no chat, an inline_message_id). */
  pressInline: (data: string, inlineMessageId: string, from?: typeof ALICE) => string;
  inline: (query: string, from?: typeof ALICE) => string;
  close(): Promise<void>;
}

let nextMessageId = 1;
let nextQueryId = 1;

export async function startHarness(
  options: Pick<TelegramBotDeps, 'core'> & Partial<Omit<TelegramBotDeps, 'core' | 'token' | 'logger'>> & { start?: boolean },
): Promise<Harness> {
  const api = await startFakeBotApi({ token: TOKEN });
  const logs: string[] = [];
  const logger = pino({ level: 'trace' }, { write: (line: string) => void logs.push(line) });
  const { start = true, ...rest } = options;
  const lifecycle = toldLifecycle();
  const telegram = createTelegramBot({ token: TOKEN, apiRoot: api.apiRoot, logger, lifecycle, ...rest });
  if (start) await telegram.start();

  const message = (from: typeof ALICE, chat: Record<string, unknown>, extra: Record<string, unknown>) => {
    const message_id = nextMessageId++;
    api.queueUpdate({ message: { message_id, date: 1_700_000_000, from, chat, ...extra } });
    return message_id;
  };

  return {
    api,
    telegram,
    logs,
    lifecycle,
    text: (text, from = ALICE, chat = privateChat(from)) => {
      const entities = text.startsWith('/') ? [{ type: 'bot_command', offset: 0, length: text.split(' ')[0]!.length }] : undefined;
      return message(from, chat, { text, ...(entities ? { entities } : {}) });
    },
    location: (latitude, longitude, from = ALICE) => message(from, privateChat(from), { location: { latitude, longitude } }),
    press(data, { chatId, messageId, photo = false }, from = ALICE) {
      const id = `cb${nextQueryId++}`;
      const chat = chatId === from.id ? privateChat(from) : { ...GROUP, id: chatId };
      // A button under a photo (/line's picture) comes with the photo and its caption, not a text.
      const shown = photo
        ? { caption: '…', photo: [{ file_id: `photo-${messageId}`, file_unique_id: `p${messageId}`, width: 1000, height: 800 }] }
        : { text: '…' };
      api.queueUpdate({
        callback_query: { id, from, chat_instance: 'ci', data, message: { message_id: messageId, date: 1_700_000_000, chat, ...shown } },
      });
      return id;
    },
    pressInline(data, inlineMessageId, from = ALICE) {
      const id = `cb${nextQueryId++}`;
      api.queueUpdate({ callback_query: { id, from, chat_instance: 'ci', data, inline_message_id: inlineMessageId } });
      return id;
    },
    inline(query, from = ALICE) {
      const id = `iq${nextQueryId++}`;
      api.queueUpdate({ inline_query: { id, from, query, offset: '' } });
      return id;
    },
    async close() {
      await telegram.stop();
      await api.close();
    },
  };
}
