// The bot core's public surface, for adapters, the scheduler and main.
export { createBotCore, type BotCoreDeps } from './create-core.js';
export type { BotCore, Locale } from './core.js';
export type { ChatContext } from './chat-context.js';
export type { CommandName, CommandRequest, ParsedText } from './command-request.js';
export type { ButtonGroup, Reply, ReplyBlock, ReplyButton } from '../domain/reply.js';
export { COMMAND_SPECS, MENU_SPECS, type ArgKind, type ArgSpec, type CommandSpec, type Suggestion } from './commands/index.js';
export { formatDays } from './commands/schedule-options.js';
export { readDays } from './commands/schedule-words.js';
export { localeFromCode } from './i18n.js';
export { currentRequest } from './stored-stops.js';
export { LIVE_BOARD_MINUTES } from './commands/live.js';
