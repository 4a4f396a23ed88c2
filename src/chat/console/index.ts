import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { BotCore } from '../../bot/core.js';
import type { ChatContext } from '../../bot/chat.js';
import type { Logger } from '../../log.js';
import { renderPlainText } from './render.js';

export interface ConsoleChatOptions {
  core: BotCore;
  input: Readable;
  output: Writable;
  /** A prompt for a person at a terminal; none when input is piped. */
  interactive: boolean;
  /** The platform's language code ("fr_CA.UTF-8" from LANG), until /lang says otherwise. */
  languageCode?: string;
  logger?: Logger;
}

export interface ConsoleChat {
  /** Resolves once input has ended and every reply has been written. */
  readonly done: Promise<void>;
  /** Stops reading; replies under way still finish. */
  close(): void;
}

const PROMPT = '> ';

/**
 * The terminal chat: one private chat, one line = one message. Lines are answered in order, one
 * at a time, so piped input gives its replies in the same order and nothing is cut off at the end.
 */
export function startConsoleChat(options: ConsoleChatOptions): ConsoleChat {
  const { core, input, output, interactive } = options;
  const chat: ChatContext = {
    platform: 'console',
    chatId: 'terminal',
    chatType: 'private',
    ...(options.languageCode !== undefined ? { languageCode: options.languageCode } : {}),
  };
  const lines = createInterface({ input, ...(interactive ? { output, prompt: PROMPT, terminal: true } : { terminal: false }) });

  // Ctrl+C at the prompt: readline would only pause; end the chat instead, like Ctrl+D.
  lines.on('SIGINT', () => lines.close());

  // Taken before the first await: readline drops lines that arrive while nobody iterates.
  const incoming = lines[Symbol.asyncIterator]();

  async function run(): Promise<void> {
    if (interactive) {
      output.write(`${core.t(await core.localeOf(chat), 'console-welcome')}\n`);
      lines.prompt();
    }
    for await (const line of { [Symbol.asyncIterator]: () => incoming }) {
      if (line.trim() !== '') {
        const reply = await core.handleText(line, chat).catch((err: unknown) => {
          options.logger?.error({ err }, 'console reply failed');
          return null;
        });
        if (reply !== null) output.write(`${renderPlainText(reply)}\n\n`);
      }
      if (interactive) lines.prompt();
    }
  }

  return { done: run(), close: () => lines.close() };
}
