import type { MessageArgs } from './i18n.js';

export type CommandName =
  | 'start'
  | 'help'
  | 'next'
  | 'routes'
  | 'stop'
  | 'save'
  | 'saved'
  | 'unsave'
  | 'subscribe'
  | 'subs'
  | 'unsubscribe'
  | 'pause'
  | 'resume'
  | 'timezone'
  | 'notify'
  | 'lang';

/**
 * A command as structured data: how slash commands, buttons, inline queries and scheduled pushes
 * enter the core. Typed text becomes one of these too, so every entry runs the same code. Option
 * names are the command's argument names in the table ("stop", "route").
 */
export interface CommandRequest {
  name: CommandName;
  options: Readonly<Record<string, string>>;
}

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
