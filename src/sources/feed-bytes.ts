import { createHash } from 'node:crypto';
import type { Clock } from '../domain/clock.js';
import type { PollShare, SharedPoll, SharedPollVersion } from '../domain/poll-share.js';
import type { ConditionalBody, Validators } from './capped-fetch.js';

// Where a polled feed's bytes come from, asked once per interval by its poller: the agency,
// asked conditionally (an unchanged feed answers 304 and is not decoded again), or, in a fleet
// sharing a store, whichever instance holds the feed's lease this interval, which publishes what
// it got for the others to read instead of asking the agency themselves. A poller that dies
// lets its lease run out within the interval, and the next instance to ask takes it.

/** What a poll brought: new bytes to decode, or the same feed as the last one. */
export type FeedBytes = { readonly changed: true; readonly bytes: Uint8Array } | { readonly changed: false };

/** The failure the polling instance had, thrown again where its poll is read. */
export class SharedPollFailure extends Error {
  override readonly name = 'SharedPollFailure';
  constructor(
    readonly kind: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface FeedBytesOptions {
  /** One conditional request to the agency (or a file read). */
  request(validators: Validators): Promise<ConditionalBody>;
  /** How a failure is published for the others: safe to log, no header, no query. */
  describeFailure(err: unknown): { kind: string; message: string; status?: number };
  refreshMs: number;
  /** The agency's deadline for one request: the lease outlasts it, and a follower waits a little longer. */
  timeoutMs: number;
  now: Clock;
  /** A fleet's share, with the feed's key in it and this instance's name; absent: this instance alone. */
  share?: { readonly polls: PollShare; readonly feed: string; readonly holder: string };
  /** How a follower waits between looks at the share (tests pass their own). */
  pause?: (ms: number) => Promise<void>;
}

type Share = NonNullable<FeedBytesOptions['share']>;

export interface FeedBytesSource {
  next(): Promise<FeedBytes>;
  /**
   * When the agency was asked for what the last next() answered: another instance's poll read from
   * the fleet's share is as old as that poll, not as new as the read. Undefined when asked here.
   */
  askedAt(): number | undefined;
}

const FOLLOW_STEP_MS = 100;
const LEASE_MARGIN_MS = 1_000;

export function feedBytes(options: FeedBytesOptions): FeedBytesSource {
  let version: string | undefined;
  let validators: Validators = {};
  let askedAt: number | undefined;
  const pause = options.pause ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Published polls are kept a few intervals, so that a follower started late still finds one.
  const keepMs = Math.max(4 * options.refreshMs, 120_000);
  // The lease covers one request, however slow within its deadline (a second poller would double
  // the agency's load); a poller that dies holds it no longer than that.
  const leaseMs = options.timeoutMs + LEASE_MARGIN_MS;
  const followMs = leaseMs + LEASE_MARGIN_MS;

  /** New bytes unless they are the version last decoded here. */
  function seen(bytes: Uint8Array, next: string): FeedBytes {
    if (next === version) return { changed: false };
    version = next;
    return { changed: true, bytes };
  }

  async function ask(): Promise<{ answer: ConditionalBody; version?: string }> {
    const answer = await options.request(validators);
    if (answer.notModified) return { answer };
    validators = validatorsOf(answer);
    return { answer, version: versionOf(answer.bytes) };
  }

  async function alone(): Promise<FeedBytes> {
    const { answer, version: next } = await ask();
    return answer.notModified ? { changed: false } : seen(answer.bytes, next!);
  }

  async function shared(share: Share): Promise<FeedBytes> {
    const fresh = (at: number) => options.now().getTime() - at < options.refreshMs;
    const first = await share.polls.latestVersion(share.feed);
    if (first !== undefined && fresh(first.fetchedAt)) return read(share, first);
    if (await share.polls.lease(share.feed, share.holder, leaseMs)) return poll(share, first);
    // Another instance is asking the agency right now: its answer is awaited, not asked again.
    const since = first?.fetchedAt ?? -Infinity;
    for (let waited = 0; waited < followMs; waited += FOLLOW_STEP_MS) {
      await pause(FOLLOW_STEP_MS);
      const latest = await share.polls.latestVersion(share.feed);
      if (latest !== undefined && latest.fetchedAt > since) return read(share, latest);
      // The poller died mid-request: its lease runs out, and this instance asks in its place.
      if (await share.polls.lease(share.feed, share.holder, leaseMs)) return poll(share, latest);
    }
    throw new SharedPollFailure('timeout', `the instance polling this feed published nothing within ${followMs} ms`);
  }

  async function read(share: Share, latest: SharedPollVersion): Promise<FeedBytes> {
    askedAt = latest.fetchedAt;
    if (latest.status === 'ok' && latest.version === version) return { changed: false };
    const poll = await share.polls.latest(share.feed);
    if (poll === undefined) throw new SharedPollFailure('network', 'the shared poll expired before it was read');
    if (poll.status === 'failed') throw new SharedPollFailure(poll.kind, poll.message, poll.httpStatus);
    return seen(poll.bytes, poll.version);
  }

  async function poll(share: Share, published: SharedPollVersion | undefined): Promise<FeedBytes> {
    // The validators are the fleet's: the last instance to poll may not have been this one.
    if (published?.status === 'ok') validators = validatorsOf(published);
    const at = options.now().getTime();
    let asked: Awaited<ReturnType<typeof ask>>;
    try {
      asked = await ask();
    } catch (err) {
      const { kind, message, status } = options.describeFailure(err);
      const failed: SharedPoll = { status: 'failed', kind, message, ...(status !== undefined ? { httpStatus: status } : {}), fetchedAt: at };
      await share.polls.publish(share.feed, failed, keepMs).catch(() => undefined);
      throw err;
    }
    if (asked.answer.notModified) {
      await share.polls.touch(share.feed, at, keepMs);
      const unchanged = published?.status === 'ok' ? await read(share, published) : { changed: false as const };
      // Asked here and now: the published bytes are as new as this 304.
      askedAt = undefined;
      return unchanged;
    }
    const next = asked.version!;
    await share.polls.publish(share.feed, { status: 'ok', bytes: asked.answer.bytes, version: next, ...validators, fetchedAt: at }, keepMs);
    return seen(asked.answer.bytes, next);
  }

  return {
    next: () => {
      askedAt = undefined;
      return options.share === undefined ? alone() : shared(options.share);
    },
    askedAt: () => askedAt,
  };
}

function validatorsOf(from: Validators): Validators {
  return { ...(from.etag !== undefined ? { etag: from.etag } : {}), ...(from.lastModified !== undefined ? { lastModified: from.lastModified } : {}) };
}

/** A body's version: its digest (an ETag may be weak, or shared by bodies a balancer serves differently). */
function versionOf(bytes: Uint8Array): string {
  return createHash('sha1').update(bytes).digest('base64url');
}
