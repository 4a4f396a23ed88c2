import { HttpError, type Transformer } from 'grammy';
import type { Sleep } from '../../util/sleep.js';

// Outgoing calls that failed for a reason that may pass (the network, a 5xx from Telegram) get a
// few spaced attempts, then the failure reaches the caller, who reports it as temporary.
// auto-retry could do this too, but it retries network errors forever (an alert delivery would
// hang through an outage) and waits on its own timers, which tests cannot drive; it is left
// with 429s only. getUpdates is not retried here: watchPolling keeps polling alive.

export function retryTransientFailures(options: { attempts: number; firstDelayMs: number; sleep: Sleep }): Transformer {
  return async (prev, method, payload, signal) => {
    if (method === 'getUpdates') return prev(method, payload, signal);
    let delay = options.firstDelayMs;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= options.attempts;
      try {
        const result = await prev(method, payload, signal);
        // Only a real 5xx may pass; an answer without a code (a proxy's, an emulator's) will not.
        const code: unknown = result.ok ? undefined : result.error_code;
        if (typeof code !== 'number' || code < 500 || last) return result;
      } catch (err) {
        if (!(err instanceof HttpError) || signal?.aborted || last) throw err;
      }
      // grammY types its signal with the abort-controller polyfill's class; at run time it is Node's.
      await options.sleep(delay, signal as AbortSignal | undefined);
      delay *= 2;
    }
  };
}
