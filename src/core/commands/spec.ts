import type { CommandName, Reading } from '../command-request.js';
import type { HandlerContext } from '../handler-context.js';
import type { ReadContext } from '../read-context.js';
import type { Reply } from '../../domain/reply.js';

/**
 * What an argument holds; each kind is read (and refused) its own way. A `stop` may also be the
 * name a chat saved it under ("home"), looked up when the command runs.
 */
export type ArgKind =
  | 'stop'
  | 'route'
  | 'stop-or-name'
  | 'language'
  | 'label'
  | 'time'
  | 'days'
  | 'minutes'
  | 'window'
  | 'subscription-id'
  | 'timezone'
  | 'channel'
  /** A trip's start as a 📍 button names it: "0930" (hours up to 47). */
  | 'trip-start'
  /** on or off (activer, désactiver...): /disruptions off|on. */
  | 'switch'
  /** A page of a list, from 1: the ◀ ▶ buttons under /disruptions. */
  | 'page'
  /** One disruption as a 📄 button names it: 12 hex digits of its id's digest. */
  | 'disruption-ref'
  /** A route direction as a 🛤 button names it: GTFS's direction_id, 0 or 1. */
  | 'direction'
  /** An instant as whole minutes since 1970: the time a 👻 button's trip was due. */
  | 'due-minute'
  /** The way a near alert's bus goes: a button's value ("0", "1", "w1"), or words ("Orléans"). */
  | 'way'
  /** What /help explains: a group of commands by its word in any language ("alertes"), or a command's name. */
  | 'help-topic';

export interface ArgSpec {
  /** The option's name in a structured request and in Discord's slash command ("stop"). */
  name: string;
  kind: ArgKind;
  required: boolean;
  /** Fluent id: the value is the argument's name, `.description` its explanation. */
  labelId: string;
  /** Only typed (a Telegram channel named from a private chat): no slash-command option. */
  textOnly?: boolean;
}

export interface CommandSpec {
  name: CommandName;
  args: readonly ArgSpec[];
  /** Fluent id whose value is the usage line ("/next <stop> [route]"). */
  helpId: string;
  /** Fluent "id.attribute" of the one-line description shown in command menus. */
  descriptionId: string;
  /** What a rider can copy, shown by usage errors; {stop}, {route} and {name} become the source's own examples. */
  example: string;
  /** Running it calls the transit service: adapters rate-limit it and defer their answer. */
  asksTransit: boolean;
  /** Extra words after the arguments are ignored (Telegram deep links send "/start payload"). */
  ignoresExtraWords?: boolean;
  /** Reached mostly by buttons: left out of the command menus (Telegram's, Discord's slash commands), listed by /help. */
  hidden?: boolean;
  /** Only buttons make it (a page of a list, a text in full): left out of /help too. */
  buttonsOnly?: boolean;
  /** Changes a group's or channel's alerts: only its administrators may run it there. */
  managesChat?: boolean;
  /**
   * A stop typed as words that no saved stop and no stop's name matches: the Fluent id saying so
   * (with `stop`); absent, the generic "no saved stop and no stop named so".
   */
  unknownStopNameId?: string;
  /** A stop typed as words is only ever a saved stop's name, never searched among the stops' names (/unsave). */
  savedStopsOnly?: boolean;
}

export type Options = Readonly<Record<string, string>>;

/** A value offered while a user types an argument (Discord autocomplete). */
export interface Suggestion {
  label: string;
  value: string;
}

/**
 * One command, whole: its spec (plain data), how it reads typed words, how it runs and how it
 * suggests values. Typed text, slash options, buttons and pushes all end in `run`.
 */
export interface CommandModule {
  spec: CommandSpec;
  /** The words typed after the name, as named options; absent: one word per argument, in order. */
  wordsToOptions?(words: string[], ctx: ReadContext): Reading<Options>;
  /** The options as words a rider types back (wordsToOptions reads them to the same options); absent: one value per argument, in order. */
  optionsToWords?(options: Options): string[];
  run(options: Options, ctx: HandlerContext): Promise<Reply> | Reply;
  /** Narrows `spec.asksTransit` for one request (a stop searched by name stays offline). */
  asksTransitFor?(options: Options, ctx: ReadContext): boolean;
  suggest?(argName: string, partial: string, ctx: HandlerContext): Promise<Suggestion[]>;
}
