import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { DeliveryResult, Notifier } from '../../domain/notifier.js';
import type { ChatContext, RiderAnswers, Speaking } from '../../core/index.js';
import type { Reply } from '../../domain/reply.js';
import { silentLogger, type Logger } from '../../log.js';
import type { ChatAdapter } from '../adapter.js';
import { describeError } from '../describe-error.js';
import { createErrorBoundary } from '../error-boundary.js';
import { createChatPipeline } from '../pipeline.js';
import { drainWithin } from '../../util/drain-within.js';
import { textOf } from '../../util/text-of.js';
import { cappedLines } from './capped-lines.js';
import { consoleLiveBoards, type ConsoleLive } from './live-board.js';
import { renderPlainText } from './render.js';

export interface ConsoleChatOptions {
  core: RiderAnswers & Speaking;
  input: Readable;
  output: Writable;
  /** A prompt for a person at a terminal; none when input is piped. */
  interactive: boolean;
  /** The platform's language code ("fr_CA.UTF-8" from LANG), until /lang says otherwise. */
  languageCode?: string;
  logger?: Logger;
  /** How long stop() waits for an answer under way (a slow transit call) before giving up on it. */
  shutdownGraceMs?: number;
  /** Where 🔴 Live boards are kept, so that the live updater prints them again as they change; absent: not kept. */
  live?: ConsoleLive;
}

const PROMPT = '> ';
const SHUTDOWN_GRACE_MS = 5_000;
/** Far above any command (the core reads 200 characters); an endless line is cut here. */
const MAX_LINE_CHARS = 10_000;
/** The terminal is one private chat; pushes to it are addressed by this id. */
export const CONSOLE_CHAT_ID = 'terminal';

/**
 * The terminal chat: one private chat, one line = one message. Lines are answered in order, one
 * at a time, so piped input gives its replies in the same order and nothing is cut off at the end.
 * Pushes print between answers. A closed output (`| head -1`) ends the chat quietly.
 */
export function createConsoleChat(options: ConsoleChatOptions): ChatAdapter {
  const { core, input, output, interactive } = options;
  const logger = options.logger ?? silentLogger();
  const chat: ChatContext = {
    platform: 'console',
    chatId: CONSOLE_CHAT_ID,
    chatType: 'private',
    ...(options.languageCode !== undefined ? { languageCode: options.languageCode } : {}),
  };
  let outputClosed = false;
  const onOutputError = (err: NodeJS.ErrnoException) => {
    if (!outputClosed && err.code !== 'EPIPE') logger.warn({ err }, 'terminal output failed');
    outputClosed = true;
    stopReading();
  };
  output.on('error', onOutputError);
  const write = (text: string) => {
    if (!outputClosed) output.write(text);
  };

  const prompt = interactive ? createInterface({ input, output, prompt: PROMPT, terminal: true }) : undefined;
  // Ctrl+C at the prompt: readline would only pause; end the chat instead, like Ctrl+D.
  prompt?.on('SIGINT', () => prompt.close());
  // Taken before the first await: readline drops lines that arrive while nobody iterates.
  const lines: AsyncIterator<string> = prompt ? prompt[Symbol.asyncIterator]() : cappedLines(input, MAX_LINE_CHARS);
  let reading = true;
  function stopReading() {
    reading = false;
    if (prompt) prompt.close();
    else input.destroy();
  }

  // One person at their own terminal: no rate limit.
  const pipeline = createChatPipeline({ core, logger });
  const say = (text: string) => write(`${text}\n\n`);
  /** Printed between answers, as a push: false once nothing can be printed any more. */
  const printBetween = (text: string): boolean => {
    if (outputClosed) return false;
    write(`${interactive ? '\n' : ''}${text}\n\n`);
    if (interactive && reading) prompt?.prompt(true);
    return true;
  };
  const boards = options.live !== undefined ? consoleLiveBoards(core, chat, options.live, printBetween) : undefined;
  const boundary = createErrorBoundary({ core, logger, describe: (err) => describeError(err, textOf), failed: 'terminal reply failed' });
  async function answer(line: string) {
    await pipeline
      .answer({ text: line.slice(0, MAX_LINE_CHARS) }, chat, {
        refused: (notice) => Promise.resolve(say(notice)),
        respond: async (answer) => {
          const reply = await answer;
          say(renderPlainText(reply));
          if (reply.liveUntil !== undefined) {
            await boards?.keep(line, reply).catch((err: unknown) => logger.warn({ err }, 'live board not kept; it will not be printed again'));
          }
        },
      })
      .catch((error: unknown) => boundary({ error, chat: () => chat, tell: async (apology) => say(await apology()) }));
  }

  async function run(): Promise<void> {
    await boards?.forgetEarlier().catch((err: unknown) => logger.warn({ err }, 'live boards of an earlier run not forgotten'));
    if (interactive) {
      write(`${core.t(await core.localeOf(chat), 'console-welcome')}\n`);
      prompt?.prompt();
    }
    try {
      for (let next = await lines.next(); !next.done && reading; next = await lines.next()) {
        if (next.value.trim() !== '') await answer(next.value);
        if (reading && !outputClosed) prompt?.prompt();
      }
    } catch (err) {
      // A destroyed input (after a closed output) ends the loop the same way as its end.
      if (reading) logger.warn({ err }, 'terminal input failed');
    }
  }

  const notifier: Notifier = {
    platform: 'console',
    send(chatId: string, reply: Reply): Promise<DeliveryResult> {
      if (chatId !== CONSOLE_CHAT_ID || !printBetween(renderPlainText(reply)))
        return Promise.resolve({ status: 'permanent-failure', reason: 'no such terminal' });
      return Promise.resolve({ status: 'sent' });
    },
  };

  let done: Promise<void> | undefined;
  return {
    platform: 'console',
    notifier,
    ...(boards !== undefined ? { liveEditor: boards.editor } : {}),
    start() {
      done ??= run();
      return Promise.resolve();
    },
    async stop() {
      stopReading();
      // An answer under way gets a grace period to go out; the rest of the shutdown must not wait
      // for a transit call that hangs.
      const graceMs = options.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
      if (!(await drainWithin(done ?? Promise.resolve(), graceMs))) logger.warn({ graceMs }, 'terminal chat stopped with an answer still under way');
    },
    ended: () => done ?? Promise.resolve(),
  };
}
