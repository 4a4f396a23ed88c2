// Destroying the client ends the gateway but not the interactions being answered: a rider who
// asked just before a deploy would see "the application did not respond", or an error once the
// store closes under the handler. Handlers are counted in and out so stopping can wait for them.

export interface InFlight {
  /** Runs the handler, counted until it settles; never rejects (handlers have their own boundary). */
  track(handling: Promise<unknown>): void;
  /** Resolves once every handler under way has settled. */
  drained(): Promise<void>;
}

export function trackInFlight(): InFlight {
  const running = new Set<Promise<unknown>>();
  return {
    track(handling) {
      const counted = handling.then(
        () => undefined,
        () => undefined,
      );
      running.add(counted);
      void counted.then(() => running.delete(counted));
    },
    async drained() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
