/**
 * A wait that an abort ends early (with a rejection); replaceable so tests never wait for real.
 * The transit client waits before its one retry with it, the Telegram adapter between its retries.
 */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('aborted while waiting to retry'));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new Error('aborted while waiting to retry'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
