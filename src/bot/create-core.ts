import type Keyv from 'keyv';
import type { Logger } from '../log.js';
import type { StopIndex } from '../stops/types.js';
import type { TransitClient } from '../transit/index.js';
import type { ChatContext } from './chat.js';
import { COMMANDS } from './commands.js';
import type { BotCore, Locale } from './core.js';
import { dispatch } from './dispatch.js';
import { messageReply } from './format.js';
import type { HandlerContext } from './handlers/context.js';
import { handleLocation } from './handlers/location.js';
import { handleNext } from './handlers/next.js';
import { handleSave } from './handlers/save.js';
import { createTranslator, localeFromCode, type Translate } from './i18n.js';
import { parseInput, type Command } from './parse.js';
import type { ButtonAction, Reply } from './reply.js';
import { createChatSettings } from './settings.js';

// The commands whose answer needs the transit service; the rest are answered from the store or
// the offline stop index.
const TRANSIT_COMMANDS: ReadonlySet<Command['name']> = new Set(['next', 'routes', 'stop', 'save']);

export interface BotCoreDeps {
  transit: TransitClient;
  store: Keyv;
  now: () => Date;
  stops?: StopIndex;
  logger?: Logger;
  /** Defaults to the locale files; tests may pass their own. */
  translate?: Translate;
}

export function createBotCore(deps: BotCoreDeps): BotCore {
  const t = deps.translate ?? createTranslator();
  const settings = createChatSettings(deps.store, deps.logger);

  async function localeOf(chat: ChatContext): Promise<Locale> {
    return (await settings.locale(chat)) ?? localeFromCode(chat.languageCode);
  }

  // The error boundary around every handler: whatever escapes becomes a polite failure.
  async function guarded(chat: ChatContext, run: (ctx: HandlerContext) => Reply | Promise<Reply>): Promise<Reply> {
    let locale: Locale = localeFromCode(chat.languageCode);
    try {
      locale = await localeOf(chat);
      const say = (id: string, args?: Record<string, string | number>) => t(locale, id, args);
      return await run({
        chat, locale, say, t, now: deps.now(), transit: deps.transit, settings,
        ...(deps.stops !== undefined ? { stops: deps.stops } : {}),
        ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
      });
    } catch (err) {
      deps.logger?.error({ err, platform: chat.platform }, 'handler failed');
      return messageReply('failure', t(locale, 'error-internal'));
    }
  }

  return {
    async handleText(text, chat) {
      const parsed = parseInput(typeof text === 'string' ? text : '', chat);
      if (parsed === null) return null;
      return guarded(chat, (ctx) =>
        parsed.ok ? dispatch(parsed.command, ctx) : messageReply('usage-error', ctx.say(parsed.usage.id, parsed.usage.args)),
      );
    },

    asksTransit(text, chat) {
      const parsed = parseInput(typeof text === 'string' ? text : '', chat);
      return parsed?.ok === true && TRANSIT_COMMANDS.has(parsed.command.name);
    },

    handleAction(action: ButtonAction, chat) {
      return guarded(chat, (ctx) => {
        switch (action.type) {
          case 'refresh':
          case 'next':
            return handleNext(action, ctx);
          case 'save-stop':
            return handleSave(action, ctx);
        }
      });
    },

    handleLocation(lat, lon, chat) {
      return guarded(chat, (ctx) => handleLocation({ lat, lon }, ctx));
    },

    localeOf,
    t,

    commandMenu(locale) {
      return COMMANDS.map((spec) => ({ command: spec.name, description: t(locale, spec.descriptionId) }));
    },
  };
}
