import { HttpError, type Transformer } from 'grammy';

// auto-retry retries network errors forever (its attempt limit only counts Telegram's answers),
// which would leave an alert delivery hanging through an outage. Here network errors get a few
// spaced attempts and then reach the caller, who reports a temporary failure.
// getUpdates is left alone: the runner has its own retry loop for it.

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export const sleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted while waiting to retry'));
    }, { once: true });
  });

export function retryNetworkErrors(options: { attempts: number; firstDelayMs: number; sleep?: Sleep }): Transformer {
  const wait = options.sleep ?? sleep;
  return async (prev, method, payload, signal) => {
    let delay = options.firstDelayMs;
    for (let attempt = 1; ; attempt++) {
      try {
        return await prev(method, payload, signal);
      } catch (err) {
        const retriable = err instanceof HttpError && method !== 'getUpdates' && !signal?.aborted;
        if (!retriable || attempt >= options.attempts) throw err;
        // grammY types its signal with the abort-controller polyfill's class; at run time it is Node's.
        await wait(delay, signal as AbortSignal | undefined);
        delay *= 2;
      }
    }
  };
}
