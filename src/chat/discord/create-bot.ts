import { Client, DiscordAPIError, DiscordjsError, DiscordjsErrorCodes, Events, GatewayIntentBits, Options, RESTEvents } from 'discord.js';
import type { RiderAnswers, Speaking } from '../../core/index.js';
import type { ChatLifecycle } from '../../domain/store-ports.js';
import type { Clock } from '../../domain/clock.js';
import { systemClock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import { createRedactor } from '../../util/redact.js';
import type { ChatAdapter } from '../adapter.js';
import { chatContextOf } from './chat-context.js';
import type { FeatureDeps } from './deps.js';
import { describeError, scrub, type Redact } from './describe-error.js';
import { handleInteraction } from './features/index.js';
import { createDiscordNotifier, type DiscordNotifier } from './notifier.js';
import { createOutcome } from '../outcome.js';
import { createChatPipeline } from '../pipeline.js';
import { createRefusals } from './refusals.js';
import { discordLiveEditor } from './live-messages.js';
import type { LiveEditor } from '../../domain/live-editor.js';
import type { LiveMessagesRepository } from '../../domain/store-ports.js';
import { createRest, restOptions, type RestSettings } from './rest-options.js';
import { dropUnreadable, guardGatewayEvents } from './unreadable-events.js';

/** Interaction responses are exempt from Discord's global limit; this only bounds a runaway loop. */
const INTERACTION_REQUESTS_PER_SECOND = 1_000;

export interface DiscordBotDeps {
  token: string;
  /** DISCORD_API_ROOT: Discord's REST base without the version (a local server in tests). */
  apiRoot?: string;
  core: RiderAnswers & Speaking;
  /** A chat that uses the bot again: what its refusal paused resumes. */
  lifecycle: Pick<ChatLifecycle, 'returned'>;
  logger: Logger;
  clock?: Clock;
  /** Arrivals requests per user per minute. */
  rateLimitPerMinute?: number;
  /** The longest 429 wait before a request fails instead (an alert is then retried later). */
  maxRateLimitWaitMs?: number;
  /** Answers that need no network are deferred only when slower than this (Discord allows 3 s). */
  deferAfterMs?: number;
  autocompleteBudgetMs?: number;
  /** How long stop() lets answers under way finish. */
  shutdownGraceMs?: number;
  /** 📍 answers and 🔴 Live boards are stored here to be edited by the live updater; absent: sent once, never edited. */
  liveMessages?: LiveMessagesRepository;
  /** How long a 📍 answer follows the bus. Default LIVE_PERIOD_SECONDS (live-messages.ts). */
  livePeriodSeconds?: number;
}

export interface DiscordBot extends ChatAdapter {
  readonly client: Client;
  readonly notifier: DiscordNotifier;
  /** Edits this bot's live messages in place, for the live updater. */
  readonly liveEditor: LiveEditor;
}

/**
 * The Discord adapter: discord.js's gateway client around the platform-neutral core. Shards as
 * Discord recommends (GET /gateway/bot), all in this process; alerts leave through REST.
 */
export function createDiscordBot(deps: DiscordBotDeps): DiscordBot {
  const { core, logger } = deps;
  const redact: Redact = createRedactor([deps.token]);
  const restSettings: RestSettings = {
    ...(deps.apiRoot !== undefined ? { apiRoot: deps.apiRoot } : {}),
    ...(deps.maxRateLimitWaitMs !== undefined ? { maxRateLimitWaitMs: deps.maxRateLimitWaitMs } : {}),
  };
  const client = new Client({
    // Slash commands, autocomplete and buttons arrive whatever the intents; Guilds keeps the
    // servers and channels known, which discord.js uses to tell text channels from others.
    intents: [GatewayIntentBits.Guilds],
    shards: 'auto',
    // This client's REST carries interaction responses only (callbacks and the interaction's own
    // webhook), which Discord exempts from the bot's global limit of 50 requests/s; discord.js
    // would count them against it and queue answers behind one another in a rush.
    rest: restOptions({ ...restSettings, globalRequestsPerSecond: INTERACTION_REQUESTS_PER_SECOND }),
    // The bot reads no messages, and meets users only in interactions: caching more would only
    // grow the heap across thousands of servers.
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      MessageManager: 0,
      UserManager: { maxSize: 1_000, keepOverLimit: (user) => user.id === user.client.user.id },
    }),
    // Nobody is ever pinged by a reply, whatever a stop's name or a rider's input holds.
    allowedMentions: { parse: [] },
  });
  const refusals = createRefusals();
  // Alerts are bound by the global limit: their own REST client keeps to Discord's 50/s.
  const notifierRest = createRest(deps.token, restSettings);
  const notifier = createDiscordNotifier({ rest: notifierRest, logger, redact, refusals });
  const pipeline = createChatPipeline({ core, logger, rateLimit: { perMinute: deps.rateLimitPerMinute, clock: deps.clock ?? systemClock } });
  const features: FeatureDeps = {
    core,
    logger,
    redact,
    pipeline,
    deferAfterMs: deps.deferAfterMs ?? 1_500,
    autocompleteBudgetMs: deps.autocompleteBudgetMs ?? 2_000,
    ...(deps.liveMessages !== undefined
      ? {
          live: {
            messages: deps.liveMessages,
            clock: deps.clock ?? systemClock,
            logger,
            redact,
            ...(deps.livePeriodSeconds !== undefined ? { periodSeconds: deps.livePeriodSeconds } : {}),
          },
        }
      : {}),
  };
  const handle = handleInteraction(features);
  const end = createOutcome();

  const onInteraction = (interaction: Parameters<typeof handle>[0]) => {
    try {
      // A chat that speaks to the bot again is worth one more push, whatever it refused before,
      // and its alerts paused for that resume (a keystroke in autocomplete is not speaking).
      const { chatId } = chatContextOf(interaction);
      refusals.forget(chatId);
      if (!interaction.isAutocomplete()) void pipeline.track(deps.lifecycle.returned({ platform: 'discord', chatId }));
    } catch {
      // An interaction too odd to place is still answered (or refused) by the handler.
    }
    void pipeline.track(handle(interaction));
  };
  client.on(Events.InteractionCreate, onInteraction);
  const guarded = guardGatewayEvents(client, (packet, err) => {
    void pipeline.track(dropUnreadable(packet, err, { core, logger, redact, rest: client.rest }));
  });
  if (!guarded) logger.warn('this discord.js handles gateway events elsewhere: an event it cannot read could end the process');
  client.on(Events.Error, (err) => logger.error({ error: describeError(err, redact) }, 'discord client error'));
  client.on(Events.Warn, (message) => logger.warn({ message: scrub(message, redact) }, 'discord client warning'));
  client.on(Events.ShardError, (err, shard) => logger.warn({ shard, error: describeError(err, redact) }, 'discord gateway error; reconnecting'));
  client.on(Events.ShardDisconnect, (event, shard) => {
    // discord.js reconnects by itself except after these (a revoked token, intents not allowed).
    logger.error({ shard, code: event.code }, 'discord gateway closed for good');
    end.settle(new Error(`Discord closed the gateway for good (${event.code}${CLOSE_HINTS[event.code] ? `: ${CLOSE_HINTS[event.code]}` : ''})`));
  });
  for (const rest of [client.rest, notifierRest]) {
    rest.on(RESTEvents.InvalidRequestWarning, ({ count, remainingTime }) =>
      logger.warn(
        { count, minutesLeft: Math.ceil(remainingTime / 60_000) },
        'many refused Discord requests (401/403/429); Discord restricts the IP at 10,000 per 10 minutes',
      ),
    );
  }

  return {
    platform: 'discord',
    client,
    notifier,
    // Edits count against the bot's global limit like alerts: through the same REST client.
    liveEditor: discordLiveEditor(notifierRest, redact, logger),
    ended: () => end.promise(),

    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      try {
        await client.login(deps.token);
      } catch (err) {
        throw startFailure(err, redact);
      }
      await ready;
      logger.info({ user: client.user?.tag, shards: client.ws.shards.size, servers: client.guilds.cache.size }, 'discord bot started');
    },

    async stop() {
      client.off(Events.InteractionCreate, onInteraction);
      // The last answers go out within a grace period, then the gateway closes.
      if (!(await pipeline.drain(deps.shutdownGraceMs ?? 5_000))) logger.warn('stopped with interactions still being answered');
      await client.destroy();
      end.settle();
    },
  };
}

const CLOSE_HINTS: Record<number, string> = {
  4004: 'the bot token was refused; check DISCORD_TOKEN',
  4013: 'invalid intents',
  4014: 'an intent is not enabled for this application in the developer portal',
};

function startFailure(err: unknown, redact: Redact): Error {
  const refused =
    (err instanceof DiscordjsError && err.code === DiscordjsErrorCodes.TokenInvalid) || (err instanceof DiscordAPIError && err.status === 401);
  if (refused) return new Error('Discord refused the bot token (401): check DISCORD_TOKEN');
  return new Error(`could not connect to Discord: ${scrub(err instanceof Error ? err.message : err, redact)}`);
}
