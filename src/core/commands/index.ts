// The one table of commands. The parser, /help, the rate limit, Telegram's setMyCommands and
// Discord's slash commands all read it; adding a command is adding a module here.
import type { CommandName } from '../command-request.js';
import { disruptionText } from './disruption-text.js';
import { disruptions, disruptionsPage } from './disruptions.js';
import { helpCommand, start } from './help.js';
import { lang } from './lang.js';
import { next } from './next.js';
import { notify } from './notify.js';
import { routes } from './routes.js';
import { save } from './save.js';
import { savedStops } from './saved-stops.js';
import type { CommandModule, CommandSpec } from './spec.js';
import { stop } from './stop.js';
import { subscribe } from './subscribe.js';
import { pause, resume, subs, unsubscribe } from './subscriptions.js';
import { timezone } from './timezone.js';
import { unsave } from './unsave.js';
import { where } from './where.js';
import { lineLive, live } from './live.js';
import { line } from './line.js';
import { reliability } from './reliability.js';
import { ghost } from './ghost.js';
import { off, track } from './track.js';
import { HELP_TOPICS, TOPIC_OF, type HelpTopic } from './help-topics.js';
import { place } from './place.js';
import { walk } from './walk.js';
import { leave } from './leave.js';

export const COMMANDS: readonly CommandModule[] = [
  next,
  live,
  where,
  notify,
  routes,
  disruptions,
  line,
  reliability,
  track,
  off,
  stop,
  save,
  savedStops,
  unsave,
  subscribe,
  leave,
  place,
  walk,
  subs,
  unsubscribe,
  pause,
  resume,
  timezone,
  lang,
  helpCommand(() => HELP_SPECS),
  start,
  disruptionsPage,
  disruptionText,
  ghost,
  lineLive,
];

export const COMMAND_SPECS: readonly CommandSpec[] = COMMANDS.map((command) => command.spec);

/** What the command menus list (Telegram's, Discord's slash commands): all but those buttons reach; /help lists them all. */
export const MENU_SPECS: readonly CommandSpec[] = COMMAND_SPECS.filter((spec) => spec.hidden !== true);

/** What /help lists: every command riders use, those the menus leave to buttons included. */
export const HELP_SPECS: readonly CommandSpec[] = COMMAND_SPECS.filter((spec) => spec.buttonsOnly !== true);

/** The groups /help has commands in, in its order: Discord's choices for `/help topic`. */
export const HELP_TOPICS_IN_USE: readonly HelpTopic[] = HELP_TOPICS.filter((topic) => HELP_SPECS.some((spec) => TOPIC_OF[spec.name] === topic));

const BY_NAME = new Map<string, CommandModule>(COMMANDS.map((command) => [command.spec.name, command] as const));

/**
 * The command called `name` (its own name, whatever case it was typed in); undefined for any
 * other word. The names each language gives it are in locales/<lang>/words.json.
 */
export function findCommand(name: string): CommandModule | undefined {
  return BY_NAME.get(name.toLowerCase());
}

export function commandNamed(name: CommandName): CommandModule {
  return BY_NAME.get(name)!;
}

export type { ArgKind, ArgSpec, CommandModule, CommandSpec, Options, Suggestion } from './spec.js';
