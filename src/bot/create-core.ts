import type { Clock } from '../clock.js';
import type { Logger } from '../log.js';
import type { StopIndex } from '../stops/types.js';
import type { ChatSettingsRepository, SavedStopsRepository } from '../store/ports.js';
import type { TransitClient } from '../transit/index.js';
import type { ChatContext } from './chat-context.js';
import { chatLanguage } from './chat-language.js';
import { COMMAND_SPECS, findCommand } from './commands/index.js';
import { readOptions } from './commands/read-options.js';
import type { BotCore, Locale } from './core.js';
import { messageReply } from './format/text.js';
import type { HandlerContext } from './handler-context.js';
import { createTranslator, localeFromCode, type Translate } from './i18n.js';
import { nearbyStops } from './nearby-stops.js';
import { parseText } from './parse-text.js';
import type { Reply } from './reply.js';
import { suggestValues } from './suggest.js';

export interface BotCoreDeps {
  transit: TransitClient;
  chats: ChatSettingsRepository;
  savedStops: SavedStopsRepository;
  now: Clock;
  stops?: StopIndex;
  logger?: Logger;
  /** Defaults to the locale files; tests may pass their own. */
  translate?: Translate;
}

export function createBotCore(deps: BotCoreDeps): BotCore {
  const t = deps.translate ?? createTranslator();
  const identifiers = deps.transit.identifiers;
  const localeOf = chatLanguage(deps.chats, deps.logger);

  // The error boundary around every command: whatever escapes becomes a polite failure.
  async function guarded(chat: ChatContext, run: (ctx: HandlerContext) => Reply | Promise<Reply>): Promise<Reply> {
    let locale: Locale = 'en';
    try {
      locale = localeFromCode(chat.languageCode);
      locale = await localeOf(chat);
      const say = (id: string, args?: Record<string, string | number>) => t(locale, id, args);
      return await run({
        chat, locale, say, t, now: deps.now(), transit: deps.transit, identifiers, chats: deps.chats, savedStops: deps.savedStops,
        ...(deps.stops !== undefined ? { stops: deps.stops } : {}),
        ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
      });
    } catch (err) {
      deps.logger?.error({ err, platform: chat.platform }, 'command failed');
      return messageReply('failure', t(locale, 'error-internal'));
    }
  }

  const core: BotCore = {
    commands: COMMAND_SPECS,
    identifiers,

    parse: (text, chat) => parseText(text, chat, { identifiers }),

    answer(parsed, chat) {
      return guarded(chat, (ctx) => (parsed.ok ? runChecked(parsed.request.name, parsed.request.options, ctx) : messageReply('usage-error', ctx.say(parsed.usage.id, parsed.usage.args))));
    },

    async handleText(text, chat) {
      const parsed = core.parse(text, chat);
      return parsed === null ? null : core.answer(parsed, chat);
    },

    run(request, chat) {
      return guarded(chat, (ctx) => runChecked(request.name, request.options, ctx));
    },

    asksTransit(request) {
      const command = findCommand(request.name);
      if (command === undefined || !command.spec.asksTransit) return false;
      return command.asksTransitFor?.(request.options, { identifiers }) ?? true;
    },

    handleLocation(lat, lon, chat) {
      return guarded(chat, (ctx) => nearbyStops({ lat, lon }, ctx));
    },

    async suggest(name, arg, partial, chat, limit = 25, given = {}) {
      try {
        const ctx = { chat, identifiers, savedStops: deps.savedStops, transit: deps.transit, ...(deps.stops !== undefined ? { stops: deps.stops } : {}) };
        return await suggestValues(name, arg, typeof partial === 'string' ? partial : '', ctx, limit, typeof given === 'object' && given !== null ? given : {});
      } catch (err) {
        deps.logger?.warn({ err, name, arg }, 'suggestions failed');
        return [];
      }
    },

    localeOf: (chat) => localeOf(chat).catch(() => localeFromCode(chat.languageCode)),
    t,

    commandMenu(locale) {
      return COMMAND_SPECS.map((spec) => ({ command: spec.name, description: t(locale, spec.descriptionId) }));
    },
  };
  return core;
}

/** A request is checked again whatever its source: a button or a push carries options too. */
async function runChecked(name: string, options: unknown, ctx: HandlerContext): Promise<Reply> {
  const command = findCommand(typeof name === 'string' ? name : '');
  if (command === undefined) return messageReply('usage-error', ctx.say('usage-unknown-command', { command: String(name).slice(0, 20) }));
  const safe = typeof options === 'object' && options !== null ? (options as Record<string, string>) : {};
  const checked = readOptions(command.spec, safe, ctx);
  if (!checked.ok) return messageReply('usage-error', ctx.say(checked.usage.id, checked.usage.args));
  return command.run(checked.value, ctx);
}
