import { z } from 'zod';
import type { RawEnv } from '../../util/env-values.js';
import type { ChatPlatform } from '../platform.js';
import { createConsoleChat } from './index.js';

// The terminal chat as one registered platform: it serves when no other is set up, one private
// chat on this process's stdin and stdout, in the system locale's language until /lang.

const variables = z.object({});

export interface ConsoleSettings {
  /** The system locale (LC_ALL, LC_MESSAGES, LANG): the terminal's "platform language code". */
  languageCode?: string;
}

// POSIX order of precedence; empty values count as unset.
function systemLocale(env: RawEnv): string | undefined {
  return [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value.trim() !== '');
}

export const consolePlatform = {
  name: 'console' as const,
  variables,
  settings: (_values, env): ConsoleSettings => {
    const languageCode = systemLocale(env);
    return languageCode !== undefined ? { languageCode } : {};
  },
  secrets: () => [],
  // A terminal refuses nothing; pushes to it are paced all the same.
  pushesPerSecond: () => 50,
  // One chat, a board printed again when it changes: the limits only bound a runaway.
  editLimits: { perSecond: 50, perChatPerMinute: { private: 60, group: 60, channel: 60 } },
  chatTypeOf: () => 'private',
  terminal: true,
  open: (settings, deps) =>
    createConsoleChat({
      core: deps.core,
      input: process.stdin,
      output: process.stdout,
      interactive: process.stdin.isTTY === true,
      ...settings,
      logger: deps.logger,
      live: { messages: deps.liveMessages, clock: deps.clock },
    }),
} satisfies ChatPlatform<typeof variables, ConsoleSettings>;
