// `npm run discord:deploy`: registers the slash commands (from the command table) with Discord,
// to DISCORD_GUILD_ID when set, else globally, and prints the invite link. Exits 1 with one line
// when it cannot; the token never appears. Option descriptions name the configured source's
// stops ("the 4-digit number on the stop sign, like 3017"), as the bot's replies do.
import { MENU_SPECS, createTranslator, packageLanguages, speakingOf } from '../../core/index.js';
import { systemClock } from '../../domain/clock.js';
import { createLogger } from '../../log.js';
import { readSourceProfile } from '../../sources/open.js';
import { V12_PROFILE } from '../../sources/octranspo-v12/index.js';
import { ConfigError, loadConfigFromProcess, secretsOf, type Config } from '../../config/index.js';
import type { DiscordSettings } from './platform.js';
import { createRedactor } from '../../util/redact.js';
import { deployCommands, deployFailure } from './deploy.js';
import { createRest } from './rest-options.js';
import { slashCommands } from './slash-commands.js';

function fail(line: string): never {
  process.stderr.write(`discord:deploy: ${line}\n`);
  process.exit(1);
}

function readConfig(): Config {
  try {
    return loadConfigFromProcess();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return fail(`fix these settings (environment or .env):\n${err.problems.map((p) => `  - ${p}\n`).join('')}`);
  }
}

const config = readConfig();
const discord: DiscordSettings =
  config.platforms.discord ?? fail('DISCORD_TOKEN is not set: copy the bot token from the Discord developer portal (Bot tab) into .env');
const redact = createRedactor(secretsOf(config));
// The first feed's words (the embedded demo speaks v1.2).
const [first] = config.feeds.list;
const profile =
  first !== undefined
    ? await readSourceProfile(first, { dataDir: config.store.dataDir, folders: config.feeds.folders, now: systemClock, logger: createLogger('warn') })
    : V12_PROFILE;
const languages = packageLanguages();
const t = speakingOf(createTranslator(languages), { profile: () => profile });
const rest = createRest(discord.token, { ...(discord.apiRoot !== undefined ? { apiRoot: discord.apiRoot } : {}) });
try {
  const deployed = await deployCommands(rest, slashCommands(MENU_SPECS, t, languages), discord.guildId);
  const where = deployed.guildId !== undefined ? `in server ${deployed.guildId} (usable at once)` : 'globally (every server the bot is in, and DMs)';
  process.stdout.write(`Registered ${deployed.registered.length} commands ${where}: ${deployed.registered.map((n) => `/${n}`).join(' ')}\n`);
  process.stdout.write(`Invite the bot to a server: ${deployed.inviteUrl}\n`);
} catch (err) {
  fail(redact(deployFailure(err, discord.guildId)));
}
