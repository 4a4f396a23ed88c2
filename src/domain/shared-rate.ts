// A rate shared by a fleet of instances on one store: a platform counts the bot's requests, not
// one instance's, so N instances sending alerts and editing live messages together must keep under
// one limit, and two of them never write to one chat faster than the platform takes. On Redis, a
// token bucket and a chat's minute (one script per take, the server's clock); without a shared
// store (one instance), the same in memory (pushes/memory-shared-rate.ts).

export interface SharedRate {
  /**
   * One request under `name` counted when the fleet's bucket (refilled at `perSecond`, holding
   * one: no burst) has it, answering 0; otherwise nothing counted, and the milliseconds until it
   * may have one (a hold included).
   */
  take(name: string, perSecond: number): Promise<number>;
  /** Nothing granted under `name` to any instance for `ms` (a platform's 429 holds the bot, not one instance). */
  hold(name: string, ms: number): Promise<void>;
  /**
   * One message to a chat (`name`) counted when the last one is at least `gapMs` old and fewer
   * than `perMinute` (0: no cap) were counted in the last minute, answering 0; otherwise nothing
   * counted, and the milliseconds until one may be.
   */
  pace(name: string, gapMs: number, perMinute: number): Promise<number>;
}
