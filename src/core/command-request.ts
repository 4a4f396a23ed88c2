import type { MessageArgs } from './i18n.js';

import type { CommandRequest } from '../domain/command-request.js';

export type { CommandName, CommandRequest } from '../domain/command-request.js';

/** Why the input was refused: a Fluent id (a `usage-*` message) and its variables. */
export interface UsageError {
  id: string;
  args: MessageArgs;
}

export type Refusal = { ok: false; usage: UsageError };

export type Reading<T> = { ok: true; value: T } | Refusal;

/** What a text is once read: a command to run, or why it cannot be. */
export type ParsedText = { ok: true; request: CommandRequest } | Refusal;

export const usage = (id: string, args: MessageArgs = {}): Refusal => ({ ok: false, usage: { id, args } });
