// The core's one door: adapters, the pushes, main and the programs import the core only from here
// (lint: import-layers.js), so what lies behind it can move without touching them.
export { createBotCore, type BotCoreDeps } from './create-core.js';
export type { BotCore, Locale, PushRendering, RiderAnswers, Speaking } from './core.js';
export type { ChannelLookup, ChatContext } from './chat-context.js';
export type { CommandName, CommandRequest, ParsedText } from './command-request.js';
export type { ButtonGroup, Reply, ReplyBlock, ReplyButton } from '../domain/reply.js';
export { COMMAND_SPECS, HELP_TOPICS_IN_USE, MENU_SPECS, type ArgKind, type ArgSpec, type CommandSpec, type Suggestion } from './commands/index.js';
export { formatDays } from './commands/schedule-options.js';
export { readDays } from './commands/schedule-words.js';
export { createTranslator, type Translate } from './i18n.js';
export { loadLanguages, type Language, type Languages } from './languages/load.js';
export { localeFromCode, packageLanguages } from './languages/package-languages.js';
export { speakingOf } from './source-words.js';
export { commandAsText } from './command-text.js';
export type { Fetched } from './format/alert.js';
export { requestInTodaysFeeds, inTodaysFeeds } from './todays-feeds.js';
export { LIVE_BOARD_MINUTES } from './commands/live.js';
export { tripChangeOf, type TripChange, type TripChangeKind } from './format/trip-change.js';
export { nextAfter } from './format/next-trip.js';
