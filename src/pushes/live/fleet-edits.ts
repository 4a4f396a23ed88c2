import type { Platform } from '../../domain/chat.js';
import type { EditLimits } from '../../domain/live-editor.js';
import type { SharedRate } from '../../domain/shared-rate.js';
import type { Logger } from '../../log.js';
import { errorLine } from '../../util/error-line.js';
import { holdOf, REFILL_SHARE } from './edit-budget.js';

// A platform's edits counted across the fleet (instances on one Redis): each instance's own budget
// (edit-budget.ts) still keeps its chats' minutes, its own pace after a 429 and its lone probe;
// this adds the one bucket they all draw from, at the same 90% of the platform's limit, so that
// N instances together stay under it. A 429 one instance meets holds the fleet's bucket for its
// retry_after (the platform counts the bot's requests, so every instance must wait); the halving
// of the pace that follows stays with the instance that met it (the others' edits come through the
// shared bucket, whose pace is the fleet's). With the store away, the instance's own budget alone
// (logged once until it answers again): an outage of Redis must not stop the edits.

export interface FleetEdits {
  /** 0: the fleet's bucket gave this instance an edit; otherwise the ms to wait before asking again. */
  take(): Promise<number>;
  /** The platform answered a 429: the fleet holds its edits for the retry_after. */
  hold(retryAfterMs: number): void;
}

export function fleetEdits(shared: SharedRate, platform: Platform, limits: EditLimits, logger: Logger): FleetEdits {
  const name = `edits:${platform}`;
  const perSecond = limits.perSecond * REFILL_SHARE;
  let failing = false;
  const failed = (err: unknown) => {
    if (!failing) logger.warn({ platform, problem: errorLine(err) }, "the fleet's edit budget is not reachable: this instance's own budget alone");
    failing = true;
  };
  return {
    async take() {
      try {
        const wait = await shared.take(name, perSecond);
        failing = false;
        return wait;
      } catch (err) {
        failed(err);
        return 0;
      }
    },
    hold(retryAfterMs) {
      shared.hold(name, holdOf(retryAfterMs)).catch(failed);
    },
  };
}
