import type { RawEnv } from '../util/env-values.js';
import { ConfigError } from './config-error.js';

// The one reader of process.env: `.env` loaded into it when the file exists (Node's own loader,
// the real environment winning), then handed on as raw text to the config, which every part
// reads its own settings from.

export function readEnvironment(envFile = '.env'): RawEnv {
  try {
    process.loadEnvFile(envFile);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // No .env is the normal case; one that exists but cannot be read is a setting problem like any other.
    if (code !== 'ENOENT') throw new ConfigError([`${envFile}: expected a readable file (${code ?? 'unreadable'})`]);
  }
  return process.env;
}
