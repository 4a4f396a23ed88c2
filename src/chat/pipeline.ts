import type { ChatContext, RiderAnswers, Speaking } from '../core/index.js';
import type { Clock } from '../domain/clock.js';
import type { CommandRequest } from '../domain/command-request.js';
import type { Reply } from '../domain/reply.js';
import type { Logger } from '../log.js';
import { drainWithin } from '../util/drain-within.js';
import { trackInFlight } from './in-flight.js';
import { createRateLimiter } from './rate-limit.js';

// Every chat platform answers a rider the same way: read what was sent (typed text once through
// the core; a structured request as it is), ask the core whether it costs a call to the transit
// service, hold the rider to the rate limit, run it through the core, and hand the Reply to the
// platform. Written once here; an adapter brings only its events and its way of answering.

/** What a rider sent, as an adapter read it from its platform's event. */
export type Entry =
  /** Typed text: the core reads it once; text it does not take (group chatter) gets silence. */
  | { text: string }
  /** Slash command options, a pressed button, an inline query. */
  | { request: CommandRequest }
  /** A shared location: the nearest stops, from the stop index. */
  | { location: { lat: number; lon: number } };

/** The platform's own part of answering one entry. Each step may use the platform's event. */
export interface Answering {
  /** The rider is over the rate limit: say `notice`, in the platform's way. */
  refused: (notice: string) => Promise<unknown>;
  /**
   * Over the limit again within a window in which the rider was told: stay silent (a callback
   * query is still answered, without text). Absent where every request needs an answer (a
   * Discord interaction, an inline query): those get the notice every time.
   */
  refusedQuietly?: () => Promise<unknown>;
  /** Before the core runs: the platform's acknowledgement (Discord's deferral, within 3 s). */
  acknowledge?: (asksTransit: boolean) => Promise<unknown>;
  /** The Reply, rendered and sent; it is still being made, so a platform may acknowledge late. */
  respond: (reply: Promise<Reply>, asksTransit: boolean) => Promise<unknown>;
}

export interface ChatPipeline {
  /** One entry from what was sent to the platform's answer. */
  answer(entry: Entry, chat: ChatContext, answering: Answering): Promise<void>;
  /**
   * An adapter's whole handling of one event (the acknowledgement and an apology included),
   * counted until it settles, so that stopping waits for it.
   */
  track<T>(handling: Promise<T>): Promise<T>;
  /** Waits for every event under way, at most `graceMs`; whether they all finished. */
  drain(graceMs: number): Promise<boolean>;
}

export interface ChatPipelineDeps {
  /** Answers the entry; says the rate limit's notice itself. */
  core: RiderAnswers & Pick<Speaking, 't' | 'localeOf'>;
  logger: Logger;
  /** Requests that cost, per user per minute (20 by default); absent: no limit (the terminal's one person). */
  rateLimit?: { perMinute?: number; clock: Clock };
}

/** What an entry asks of the core, once read. */
interface Reading {
  run(): Promise<Reply>;
  asksTransit: boolean;
  /** Whether it counts against the rider's rate limit. */
  limited: boolean;
}

export function createChatPipeline(deps: ChatPipelineDeps): ChatPipeline {
  const { core, logger } = deps;
  const limiter = deps.rateLimit && createRateLimiter({ limit: deps.rateLimit.perMinute ?? 20, windowMs: 60_000, clock: deps.rateLimit.clock });
  const inFlight = trackInFlight();

  function read(entry: Entry, chat: ChatContext): Reading | undefined {
    if ('text' in entry) {
      const parsed = core.parse(entry.text, chat);
      if (parsed === null) return undefined;
      const asksTransit = parsed.ok && core.asksTransit(parsed.request);
      return { run: () => core.answer(parsed, chat), asksTransit, limited: asksTransit };
    }
    if ('request' in entry) {
      const asksTransit = core.asksTransit(entry.request);
      return { run: () => core.run(entry.request, chat), asksTransit, limited: asksTransit };
    }
    // The stop index answers a location, but a burst of them is held to the limit all the same.
    const { lat, lon } = entry.location;
    return { run: () => core.handleLocation(lat, lon, chat), asksTransit: false, limited: true };
  }

  async function admitted(chat: ChatContext, answering: Answering): Promise<boolean> {
    const decision = limiter?.check(chat.userId ?? chat.chatId) ?? 'allow';
    if (decision === 'allow') return true;
    const quietly = decision === 'refuse-silently' ? answering.refusedQuietly : undefined;
    if (quietly) await quietly();
    else await answering.refused(core.t(await core.localeOf(chat), 'rate-limited'));
    logger.info({ userId: chat.userId, told: quietly === undefined }, 'rate limit: request refused');
    return false;
  }

  return {
    async answer(entry, chat, answering) {
      const reading = read(entry, chat);
      if (reading === undefined) return;
      if (reading.limited && !(await admitted(chat, answering))) return;
      await answering.acknowledge?.(reading.asksTransit);
      await answering.respond(reading.run(), reading.asksTransit);
    },
    track: (handling) => inFlight.track(handling),
    drain: (graceMs) => drainWithin(inFlight.drained(), graceMs),
  };
}
