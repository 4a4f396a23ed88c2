// The Telegram adapter: grammY around the platform-neutral core. main.ts needs only
// createTelegramBot; the rest is exported for tests and for other adapters to learn from.
export { createTelegramBot, type TelegramBot, type TelegramBotDeps } from './create-bot.js';
export { renderReply, plainText, type RenderedMessage } from './render.js';
export { encodeButton, decodeButton, CALLBACK_DATA_MAX_BYTES } from './callback-data.js';
export { createTelegramNotifier } from './notifier.js';
export { classifyFailure } from './send-failures.js';
