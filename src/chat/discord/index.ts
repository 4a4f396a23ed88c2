// The Discord adapter: discord.js around the platform-neutral core. main.ts needs only
// createDiscordBot; `npm run discord:deploy` uses deployCommands; the rest is exported for tests.
export { createDiscordBot, type DiscordBot, type DiscordBotDeps } from './create-bot.js';
export { createDiscordNotifier, type DiscordNotifier } from './notifier.js';
export { createRest, restOptions } from './rest-options.js';
export { renderReply, replyText } from './render.js';
export { slashCommands, type SlashCommand } from './slash-commands.js';
export { targetOf, userChatId } from './chat-ids.js';
