/**
 * A wait that an abort ends early (with a rejection); replaceable so tests never wait for real.
 * The transit client waits before its one retry with it, the Telegram adapter between its retries.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

// Node fires a timer set beyond 2^31-1 ms (about 24.8 days) after 1 ms instead, and one set to
// NaN at once: a wait computed from a remote answer (retry_after) is held within range here.
const MAX_TIMER_MS = 2 ** 31 - 1;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const delay = Number.isNaN(ms) ? 0 : Math.min(Math.max(ms, 0), MAX_TIMER_MS);
    if (signal?.aborted) return reject(new Error('aborted while waiting to retry'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted while waiting to retry'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, delay);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
