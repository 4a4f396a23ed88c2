// A rate shared by a fleet of instances on one store: a platform counts the bot's requests, not
// one instance's, so N instances editing live messages together must keep under one limit. On
// Redis, a token bucket (one script per take, the server's clock); without a shared store (one
// instance) there is nothing to share and no port: each instance's own budget is the bot's.

export interface SharedRate {
  /**
   * One request under `name` counted when the fleet's bucket (refilled at `perSecond`, holding
   * one: no burst) has it, answering 0; otherwise nothing counted, and the milliseconds until it
   * may have one (a hold included).
   */
  take(name: string, perSecond: number): Promise<number>;
  /** Nothing granted under `name` to any instance for `ms` (a platform's 429 holds the bot, not one instance). */
  hold(name: string, ms: number): Promise<void>;
}
