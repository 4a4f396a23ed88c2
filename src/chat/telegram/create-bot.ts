import { autoRetry } from '@grammyjs/auto-retry';
import { run, sequentialize, type RunnerHandle } from '@grammyjs/runner';
import { Api, Bot, GrammyError } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { ChatAdapter } from '../adapter.js';
import { createOutcome } from '../outcome.js';
import { createChatPipeline } from '../pipeline.js';
import { packageLanguages, type RiderAnswers, type Speaking } from '../../core/index.js';
import type { ChatLifecycle } from '../../domain/store-ports.js';
import { systemClock, type Clock } from '../../domain/clock.js';
import type { Logger } from '../../log.js';
import type { StopIndex } from '../../domain/stop-index.js';
import { registerCommandMenus } from './command-menu.js';
import type { FeatureDeps } from './deps.js';
import { errorBoundary } from './error-boundary.js';
import { buttons } from './features/buttons.js';
import { inlineMode } from './features/inline-mode.js';
import { location } from './features/location.js';
import { membership } from './features/membership.js';
import { textCommands } from './features/text-commands.js';
import { unhandled } from './features/unhandled.js';
import { createTelegramNotifier } from './notifier.js';
import { telegramLiveEditor } from './live-location.js';
import type { Health } from '../../domain/health.js';
import type { LiveEditor } from '../../domain/live-editor.js';
import type { LiveMessagesRepository } from '../../domain/store-ports.js';
import { describeError } from './describe-error.js';
import { reportPollingStopped } from './polling-end.js';
import { watchPolling } from './polling-watch.js';
import { createRefreshThrottle } from './refresh-throttle.js';
import { attempt } from '../../util/attempt.js';
import { sleep as realSleep, type Sleep } from '../../util/sleep.js';
import { telegramRedactor } from './secrets.js';
import { retryTransientFailures } from './transient-retry.js';
import { rateLimitWatch } from './rate-limit-watch.js';
import { startWebhookServer, type WebhookServer } from './webhook-server.js';
import type { WebPages } from '../platform.js';

export interface TelegramBotDeps {
  token: string;
  /** A self-hosted Bot API server (or a test double); Telegram's own by default. */
  apiRoot?: string;
  /**
   * Given: receive updates by webhook on `port`; absent: long polling. `health`: what its port answers
   * to probes (/healthz, /livez, /readyz), the ops server's own; absent, it answers none. `web`: the
   * live map's pages, served on the same port when WEB_PORT is the webhook's.
   */
  webhook?: { url: string; secret: string; port: number; host?: string; health?: Health; web?: WebPages };
  core: RiderAnswers & Speaking;
  /** Where the bot's membership of a chat goes: its alerts pause, resume or move with it. */
  lifecycle: ChatLifecycle;
  stops?: StopIndex;
  logger: Logger;
  /** Rate limits, the refresh throttle and polling's outage times read it; the system's by default. */
  clock?: Clock;
  /** Arrivals requests per user per minute. */
  rateLimitPerMinute?: number;
  /** Seconds during which a second Refresh of the same message is answered without a fetch. */
  refreshIntervalSeconds?: number;
  /**
   * Bounds on retrying Telegram: a 429 is waited out up to maxDelaySeconds, maxRetryAttempts
   * times; network errors and 5xx get `attempts` tries in all. Every other wait (those, and the
   * backoff of a failing getUpdates) goes through `sleep`, which tests replace.
   */
  retry?: { maxDelaySeconds?: number; maxRetryAttempts?: number; attempts?: number; sleep?: Sleep };
  /**
   * How long stop() waits for answers under way before giving up on them (5 s by default). Keep
   * it well under any hard deadline of the caller's own, so the drain ends first and says so.
   */
  shutdownGraceMs?: number;
  /** Live locations (📍) are stored here to be followed by the live updater; absent: text and a map link only. */
  liveMessages?: LiveMessagesRepository;
  /** How long a live location follows the bus. Default LIVE_PERIOD_SECONDS. */
  livePeriodSeconds?: number;
  /** Tests only: skip getMe. */
  botInfo?: UserFromGetMe;
}

export interface TelegramBot extends ChatAdapter {
  bot: Bot;
  /** The webhook server's port once started (useful with port 0); undefined when polling. */
  webhookPort(): number | undefined;
  /** Moves and stops this bot's live locations, for the live updater. */
  liveEditor: LiveEditor;
}

const ALLOWED_UPDATES = ['message', 'channel_post', 'callback_query', 'inline_query', 'my_chat_member', 'chat_member'] as const;
const SHUTDOWN_GRACE_MS = 5_000;

export function createTelegramBot(deps: TelegramBotDeps): TelegramBot {
  const { core, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const graceMs = deps.shutdownGraceMs ?? SHUTDOWN_GRACE_MS;
  const redact = telegramRedactor(deps.token, deps.webhook?.secret);
  const bot = new Bot(deps.token, {
    ...(deps.apiRoot ? { client: { apiRoot: deps.apiRoot } } : {}),
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  const sleep = deps.retry?.sleep ?? realSleep;
  // The last installed is the outermost: auto-retry waits out 429s around the other three; the
  // innermost hears each 429 first, for the pushes' budget.
  const rateLimits = rateLimitWatch();
  bot.api.config.use(rateLimits.transformer);
  bot.api.config.use(retryTransientFailures({ attempts: deps.retry?.attempts ?? 3, firstDelayMs: 1_000, sleep }));
  bot.api.config.use(watchPolling({ logger, redact, clock, sleep }));
  bot.api.config.use(
    autoRetry({
      maxDelaySeconds: deps.retry?.maxDelaySeconds ?? 30,
      maxRetryAttempts: deps.retry?.maxRetryAttempts ?? 3,
      rethrowHttpErrors: true,
      rethrowInternalServerErrors: true,
    }),
  );

  const pipeline = createChatPipeline({ core, logger, rateLimit: { perMinute: deps.rateLimitPerMinute, clock } });
  const features: FeatureDeps = {
    core,
    lifecycle: deps.lifecycle,
    logger,
    redact,
    pipeline,
    throttle: createRefreshThrottle({ intervalMs: (deps.refreshIntervalSeconds ?? 10) * 1000, clock }),
    ...(deps.stops ? { stops: deps.stops } : {}),
    ...(deps.liveMessages
      ? { live: { messages: deps.liveMessages, clock, ...(deps.livePeriodSeconds !== undefined ? { periodSeconds: deps.livePeriodSeconds } : {}) } }
      : {}),
  };
  const onError = errorBoundary(features);
  // Every update is counted from its arrival, so stopping waits for its answer (or its apology).
  bot.use((_ctx, next) => pipeline.track(next()));
  // Concurrent updates from one chat are handled in order, so replies keep the order of questions;
  // buttons under inline messages have no chat, and queue per user instead. An id that cannot be
  // read as text (a malformed update) queues nowhere: a throw here is outside the error boundary,
  // and in webhook mode it would answer 500, so that Telegram sends the same update again.
  bot.use(sequentialize((ctx) => attempt(() => (ctx.chat?.id ?? ctx.from?.id)?.toString(), undefined)));
  const guarded = bot.errorBoundary(onError);
  guarded.use(textCommands(features), location(features), buttons(features), inlineMode(features), membership(features));
  guarded.use(unhandled(features));
  bot.catch(onError);

  let runner: RunnerHandle | undefined;
  const pollingEnd = createOutcome();
  let server: WebhookServer | undefined;

  return {
    platform: 'telegram',
    bot,
    notifier: {
      ...createTelegramNotifier(bot.api, logger, redact),
      onRateLimited: (listener: (retryAfterMs: number) => void) => rateLimits.listen(listener),
    },
    webhookPort: () => server?.port,
    // Its own client, without the retries above: the live updater counts every request it sends
    // in its edit budget, and a 429's retry_after holds all of its edits, not one request's.
    liveEditor: telegramLiveEditor(new Api(deps.token, deps.apiRoot ? { apiRoot: deps.apiRoot } : undefined), redact),
    ended: () => pollingEnd.promise(),

    async start() {
      try {
        await bot.init();
      } catch (err) {
        // A refused token is final, and worth one plain line rather than grammY's message.
        if (err instanceof GrammyError && err.error_code === 401) throw new Error('Telegram refused the bot token (401): check TELEGRAM_BOT_TOKEN');
        throw err;
      }
      await registerCommandMenus(bot.api, core, packageLanguages(), logger, redact);
      if (deps.webhook) {
        const { url, secret, port, host, health, web } = deps.webhook;
        server = await startWebhookServer({
          bot,
          path: new URL(url).pathname,
          secret,
          port,
          logger,
          redact,
          ...(host ? { host } : {}),
          ...(health !== undefined ? { health } : {}),
          ...(web !== undefined ? { web } : {}),
        });
        await bot.api.setWebhook(url, { secret_token: secret, allowed_updates: [...ALLOWED_UPDATES] });
        logger.info({ username: bot.botInfo.username, mode: 'webhook' }, 'telegram bot started');
        return;
      }
      // A webhook left from an earlier deployment would make getUpdates fail with 409. Failing to
      // delete one is no reason not to start: if one is set, polling stops on 409 with the hint.
      try {
        await bot.api.deleteWebhook();
      } catch (err) {
        logger.warn({ error: describeError(err, redact) }, 'could not delete a webhook left from before; polling goes on');
      }
      // Silent: the runner would print raw errors (their URLs hold the token); watchPolling reports
      // failures instead, and passes on only those that end polling.
      runner = run(bot, { runner: { silent: true, fetch: { allowed_updates: [...ALLOWED_UPDATES] } } });
      runner.task()?.then(
        () => pollingEnd.settle(),
        (err: unknown) => pollingEnd.settle(reportPollingStopped(err, logger, redact)),
      );
      logger.info({ username: bot.botInfo.username, mode: 'polling' }, 'telegram bot started');
    },

    async stop() {
      // The webhook stays registered: other instances behind the same URL keep serving it.
      if (runner?.isRunning()) await runner.stop();
      runner = undefined;
      await server?.close();
      server = undefined;
      // The last answers go out, within a grace period: a call hanging on Telegram must not
      // hold the shutdown for grammY's 500 s request timeout.
      if (!(await pipeline.drain(graceMs))) logger.warn({ graceMs }, 'stopped with updates still being handled');
      pollingEnd.settle();
    },
  };
}

/** `now` in milliseconds (as main.ts still passes it) as a Clock; the system's when absent. */
