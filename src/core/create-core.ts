import type { Clock } from '../domain/clock.js';
import type { Logger } from '../log.js';
import type { StopIndex } from '../domain/stop-index.js';
import type { ChatSettingsRepository, RiderPlacesRepository, SavedStopsRepository, SubscriptionsRepository } from '../domain/store-ports.js';
import type { TransitSource } from '../domain/transit-source.js';
import type { RiderReportsRepository } from '../domain/rider-reports.js';
import type { ChatContext } from './chat-context.js';
import { chatLanguage } from './chat-language.js';
import { MENU_SPECS, findCommand } from './commands/index.js';
import { readOptions } from './commands/read-options.js';
import type { BotCore, Locale } from './core.js';
import { alertReply } from './format/alert.js';
import { formatTripChange } from './format/trip-change.js';
import { disruptionsUnderArrivals, formatWholeDisruption } from './format/disruptions.js';
import { mayManage } from './may-manage.js';
import { readDisruptions } from './read-disruptions.js';
import { messageReply } from './format/text.js';
import { storeFailure, type HandlerContext, type MapAddress } from './handler-context.js';
import { createTranslator, type Translate } from './i18n.js';
import type { Languages } from './languages/load.js';
import { packageLanguages } from './languages/package-languages.js';
import { nearbyStops } from './nearby-stops.js';
import { parseText } from './parse-text.js';
import { riderPlaces } from './rider-places.js';
import { savePlace } from './commands/place.js';
import { shownTrips } from './shown-trips.js';
import type { Reply } from '../domain/reply.js';
import type { SvgToPng } from '../domain/route-line.js';
import { inLanguage, localArrivals } from './localized-source.js';
import { speakingOf } from './source-words.js';
import { suggestValues } from './suggest.js';
import { resolveStopNames } from './stop-names.js';

export interface BotCoreDeps {
  transit: TransitSource;
  chats: ChatSettingsRepository;
  savedStops: SavedStopsRepository;
  subscriptions: SubscriptionsRepository;
  now: Clock;
  stops?: StopIndex;
  /** Riders' reports of buses that did not come (the 👻 button); absent: turned off. */
  riderReports?: RiderReportsRepository;
  logger?: Logger;
  /** The languages spoken: the package's locales/ folders by default; tests may pass others. */
  languages?: Languages;
  /** Defaults to the languages' messages; tests may pass their own. */
  translate?: Translate;
  /** Rasterises /line's drawing (src/render/); absent, /line answers in text. */
  drawPng?: SvgToPng;
  /** A route's live map at a stop, when the bot serves one (src/web/); undefined: none to offer. */
  mapAddress?: MapAddress;
  /** The places chats leave from and how fast they walk (/place, /walk, /leave); absent: those commands say they are not kept. */
  places?: RiderPlacesRepository;
}

// An alert whose condition does not hold yet (the bus is not near): nothing to send this minute.
const NOT_YET: Reply = { kind: 'answer', blocks: [] };

export function createBotCore(deps: BotCoreDeps): BotCore {
  // Every message may name the agency and its stops (a GTFS source learns them with its first import).
  const languages = deps.languages ?? packageLanguages();
  const translate =
    deps.translate ??
    createTranslator(languages, { onMissing: (id, locale) => deps.logger?.warn({ id, locale }, 'message id missing from the locale files') });
  const t = speakingOf(translate, deps.transit);
  const identifiers = deps.transit.identifiers;
  const words = languages.typed;
  const localeOf = chatLanguage(deps.chats, languages, deps.logger);
  const places = riderPlaces(deps.now);
  const shown = shownTrips();

  // The error boundary around every command: whatever escapes becomes a polite failure.
  async function guarded(chat: ChatContext, run: (ctx: HandlerContext) => Reply | Promise<Reply>, shownPicture?: string): Promise<Reply> {
    let locale: Locale = languages.default.locale;
    try {
      locale = languages.fromCode(chat.languageCode);
      locale = await localeOf(chat);
      const say = (id: string, args?: Record<string, string | number>) => t(locale, id, args);
      const riderPlace = places.recent(chat);
      return await run({
        chat,
        locale,
        say,
        t,
        now: deps.now(),
        // Stop names in the chat's language where the feed gives them, directions in its words.
        transit: inLanguage(deps.transit, { locale, words, say }),
        identifiers,
        words,
        chats: deps.chats,
        savedStops: deps.savedStops,
        subscriptions: deps.subscriptions,
        ...(deps.stops !== undefined ? { stops: deps.stops } : {}),
        ...(deps.riderReports !== undefined ? { riderReports: deps.riderReports, shownTrips: shown } : {}),
        ...(deps.logger !== undefined ? { logger: deps.logger } : {}),
        ...(riderPlace !== undefined ? { riderPlace } : {}),
        ...(deps.drawPng !== undefined ? { drawPng: deps.drawPng } : {}),
        ...(shownPicture !== undefined ? { shownPicture } : {}),
        ...(deps.mapAddress !== undefined ? { mapAddress: deps.mapAddress } : {}),
        ...(deps.places !== undefined ? { places: deps.places } : {}),
      });
    } catch (err) {
      deps.logger?.error({ err, platform: chat.platform }, 'command failed');
      return messageReply('failure', t(locale, 'error-internal'));
    }
  }

  const core: BotCore = {
    identifiers,

    parse: (text, chat) => parseText(text, chat, { identifiers, words }),

    answer(parsed, chat) {
      return guarded(chat, (ctx) =>
        parsed.ok
          ? runChecked(parsed.request.name, parsed.request.options, ctx)
          : messageReply('usage-error', ctx.say(parsed.usage.id, parsed.usage.args)),
      );
    },

    async handleText(text, chat) {
      const parsed = core.parse(text, chat);
      return parsed === null ? null : core.answer(parsed, chat);
    },

    run(request, chat, showing) {
      return guarded(chat, (ctx) => runChecked(request.name, request.options, ctx), showing?.picture);
    },

    asksTransit(request) {
      const command = findCommand(request.name);
      if (command === undefined || !command.spec.asksTransit) return false;
      return command.asksTransitFor?.(request.options, { identifiers, words }) ?? true;
    },

    async alertReply(subscription, fetched) {
      const chat: ChatContext = { ...subscription.chat };
      const reply = await guarded(chat, async (ctx) => {
        const local = 'arrivals' in fetched ? { arrivals: localArrivals(fetched.arrivals, ctx) } : fetched;
        const alert = alertReply(subscription, local, { now: ctx.now, say: ctx.say }) ?? NOT_YET;
        if (alert === NOT_YET || alert.kind !== 'answer') return alert;
        // The disruptions at the stop go with the arrivals, as under /next.
        const { stopNo, routeNo } = subscription;
        const disrupted = await readDisruptions(ctx.transit, stopNo, routeNo, ctx.logger);
        const under = disruptionsUnderArrivals(disrupted, { stopNo, ...(routeNo !== undefined ? { routeNo } : {}) }, ctx.locale, ctx.say);
        return { ...alert, blocks: [...alert.blocks, ...under.blocks], buttons: [...(alert.buttons ?? []), ...under.buttons] };
      });
      return reply === NOT_YET ? undefined : reply;
    },

    disruptionReply(chat, disruption, place) {
      return guarded({ ...chat }, (ctx) => {
        const title = ctx.say('disruption-push-title', { stopNo: place.stopNo, routeNo: place.routeNo ?? 'none' });
        const whole = formatWholeDisruption(disruption, { locale: ctx.locale, say: ctx.say, title });
        return { ...whole, footer: [...(whole.footer ?? []), ctx.say('disruption-push-footer')] };
      });
    },

    tripChangeReply(chat, change) {
      return guarded({ ...chat }, (ctx) => formatTripChange(change, { now: ctx.now, say: ctx.say }));
    },

    handleLocation(lat, lon, chat) {
      return guarded(chat, async (ctx) => {
        // Shared after /place home: saved as that place, and nothing else done with it.
        // A store that cannot say whether a place is awaited: the location still shows its stops.
        const name = await ctx.places?.takeAwaited(chat).catch(() => undefined);
        if (name !== undefined) {
          try {
            return await savePlace({ name, lat, lon }, ctx);
          } catch (err) {
            return storeFailure(err, 'place-failed', ctx);
          }
        }
        const reply = nearbyStops({ lat, lon }, ctx);
        if (reply.kind !== 'usage-error') places.remember(chat, { lat, lon });
        return reply;
      });
    },

    async suggest(name, arg, partial, chat, limit = 25, given = {}) {
      try {
        const ctx = {
          chat,
          identifiers,
          savedStops: deps.savedStops,
          subscriptions: deps.subscriptions,
          transit: deps.transit,
          ...(deps.stops !== undefined ? { stops: deps.stops } : {}),
          now: deps.now(),
        };
        return await suggestValues(
          name,
          arg,
          typeof partial === 'string' ? partial : '',
          ctx,
          limit,
          typeof given === 'object' && given !== null ? given : {},
        );
      } catch (err) {
        deps.logger?.warn({ err, name, arg }, 'suggestions failed');
        return [];
      }
    },

    localeOf: (chat) => localeOf(chat).catch(() => languages.fromCode(chat.languageCode)),
    t,

    // Each command by the name the language gives it ("/prochain"), which typed text reads too.
    commandMenu(locale) {
      return MENU_SPECS.map((spec) => ({ command: languages.menuName(locale, spec.name), description: t(locale, spec.descriptionId) }));
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
  const resolved = await resolveStopNames(command.spec, checked.value, ctx);
  if (!resolved.ok) return resolved.reply;
  if (command.spec.managesChat === true && !(await mayManage(ctx))) return messageReply('usage-error', ctx.say('subscribe-not-admin'));
  return command.run(resolved.value, { ...ctx, request: { name: command.spec.name, options: resolved.value } });
}
