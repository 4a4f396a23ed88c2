import type { Context, MiddlewareFn } from 'grammy';

// Stopping the runner ends polling but not the updates already being handled: a rider who asked
// just before a deploy would get no answer, or an error once the store closes under the handler.
// Updates are counted in and out so stopping can wait for the last answers to go out.

export interface InFlight {
  middleware: MiddlewareFn<Context>;
  /** Resolves once every update under way has been handled (or has failed). */
  drained(): Promise<void>;
}

export function trackInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  return {
    async middleware(_ctx, next) {
      const handling = next();
      running.add(handling);
      try {
        await handling;
      } finally {
        running.delete(handling);
      }
    },
    async drained() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
