/**
 * A one-time outcome that callers may or may not ask for: no promise exists until asked, so an
 * outcome nobody awaits is never an unhandled rejection. `ended()` of the adapter is one.
 */
export function createOutcome() {
  let outcome: { error?: Error } | undefined;
  const waiting: Array<(error?: Error) => void> = [];
  return {
    settle(error?: Error) {
      if (outcome) return;
      outcome = error ? { error } : {};
      for (const notify of waiting.splice(0)) notify(error);
    },
    promise(): Promise<void> {
      return new Promise((resolve, reject) => {
        const notify = (error?: Error) => (error ? reject(error) : resolve());
        if (outcome) notify(outcome.error);
        else waiting.push(notify);
      });
    },
  };
}
