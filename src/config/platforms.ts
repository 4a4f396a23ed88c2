import type { ChatPlatform } from '../chat/platform.js';
import type { PlatformSettings } from '../chat/platforms.js';
import type { RawEnv } from '../util/env-values.js';
import { variableProblems } from './config-error.js';

// Every registered chat platform's settings, read from its own variables: those set up serve
// (the terminal, only when no other is), and every one's pace of pushes is known.

export interface PlatformsRead {
  /** The platforms that serve, by name. */
  served: PlatformSettings;
  /** Pushes a second, per platform (every registered one, served or not: an instance may push to another's chats). */
  perSecond: Record<string, number>;
}

/** Every platform's settings; their problems join `problems`, and nothing is read when there are some. */
export function readPlatforms(env: RawEnv, platforms: readonly ChatPlatform[], problems: string[]): PlatformsRead | undefined {
  const read = platforms.map((platform) => {
    const parsed = platform.variables.safeParse(env);
    if (!parsed.success) problems.push(...variableProblems(parsed.error));
    problems.push(...(platform.problems?.(env) ?? []));
    return parsed.success ? { platform, values: parsed.data, settings: platform.settings(parsed.data, env) } : undefined;
  });
  if (read.some((r) => r === undefined)) return undefined;
  const all = read.filter((r) => r !== undefined);
  const setUp = all.filter((r) => r.settings !== undefined && r.platform.terminal !== true);
  const served = setUp.length > 0 ? setUp : all.filter((r) => r.settings !== undefined && r.platform.terminal === true);
  return {
    served: Object.fromEntries(served.map((r) => [r.platform.name, r.settings])),
    perSecond: Object.fromEntries(all.map((r) => [r.platform.name, r.platform.pushesPerSecond(r.values)])),
  };
}
