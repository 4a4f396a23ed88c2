// Stopping an adapter ends its input (polling, the gateway, the terminal) but not the events
// already being handled: a rider who asked just before a deploy would get no answer, or an error
// once the store closes under the handler. Events are counted in and out, so stopping can wait
// for the last answers to go out.

export interface InFlight {
  /** `handling` as it is, counted until it settles. */
  track<T>(handling: Promise<T>): Promise<T>;
  /** Resolves once every event under way has been handled (or has failed). */
  drained(): Promise<void>;
}

export function trackInFlight(): InFlight {
  const running = new Set<Promise<void>>();
  return {
    track(handling) {
      const settled = handling.then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return handling;
    },
    async drained() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
