import type { z } from 'zod';

/** Every problem of the settings at once, each naming its variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** A part's variables that failed their checks, one problem each, by name (never the value: it may be a secret). */
export function variableProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: expected ${issue.message}`);
}
