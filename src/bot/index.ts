// The bot core's public surface, for adapters and main.
export { createBotCore, type BotCoreDeps } from './create-core.js';
export type { BotCore, Locale } from './core.js';
export type { ChatContext } from './chat.js';
export type { Reply, ReplyBlock, ReplyButton, ButtonAction } from './reply.js';
export { COMMANDS, type CommandSpec, type ArgSpec } from './commands.js';
export { localeFromCode } from './i18n.js';
