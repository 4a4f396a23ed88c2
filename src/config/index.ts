// The settings, as main and `npm run discord:deploy` read them: the environment (and .env) through
// env.ts, composed by load.ts from each part's own variables.
import { readEnvironment } from './env.js';
import { loadConfig, type Config } from './load.js';

export { ConfigError } from './config-error.js';
export { CONFIG_VARIABLES, loadConfig, secretsOf, type Config, type ConfigParts } from './load.js';
export { SHORTHAND_FEED_ID, type FeedsConfig, type ReadSettingsFile } from './feeds.js';

/** Reads `.env` into process.env when the file exists, then validates. */
export function loadConfigFromProcess(envFile = '.env'): Config {
  return loadConfig(readEnvironment(envFile));
}
