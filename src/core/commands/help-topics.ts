import type { CommandName } from '../../domain/command-request.js';

/** What /help groups the commands under: the overview names each group, `/help <topic>` explains one. */
export const HELP_TOPICS = ['arrivals', 'stops', 'alerts', 'trip', 'settings'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

/**
 * Each command /help lists, under its topic. One table rather than a field on every spec, so the
 * grouping reads at a glance; a test checks that every command /help lists has one.
 */
export const TOPIC_OF: Readonly<Partial<Record<CommandName, HelpTopic>>> = {
  next: 'arrivals',
  live: 'arrivals',
  where: 'arrivals',
  line: 'arrivals',
  routes: 'arrivals',
  stop: 'arrivals',
  disruptions: 'arrivals',
  reliability: 'arrivals',
  save: 'stops',
  saved: 'stops',
  unsave: 'stops',
  subscribe: 'alerts',
  notify: 'alerts',
  subs: 'alerts',
  unsubscribe: 'alerts',
  pause: 'alerts',
  resume: 'alerts',
  track: 'trip',
  off: 'trip',
  leave: 'trip',
  place: 'trip',
  walk: 'trip',
  timezone: 'settings',
  lang: 'settings',
  help: 'settings',
  start: 'settings',
};

export function isHelpTopic(value: string): value is HelpTopic {
  return (HELP_TOPICS as readonly string[]).includes(value);
}
