import type { ButtonGroup, Reply } from '../../domain/reply.js';
import type { CommandName } from '../command-request.js';
import { HELP_TOPICS, isHelpTopic, TOPIC_OF, type HelpTopic } from './help-topics.js';
import { nextButton } from '../format/buttons.js';
import { fullTrustLegend } from '../format/trust.js';
import type { HandlerContext } from '../handler-context.js';
import type { CommandModule, CommandSpec } from './spec.js';

/** Examples a rider can copy, each naming a real stop and route of the feed. */
const EXAMPLES = ['help-example-next', 'help-example-bare', 'help-example-routes', 'help-example-stop', 'help-example-lang'];

/**
 * The examples worth offering: none while the source only knows the shape of a stop (its schedule
 * not read yet), and no name search without a word of a real stop's name.
 */
function examplesFor({ transit }: HandlerContext): string[] {
  const profile = transit.profile();
  if (profile.placeholderExamples === true) return [];
  return EXAMPLES.filter((id) => id !== 'help-example-stop' || profile.examples.name !== undefined);
}

/**
 * /help: examples a rider can copy, then each group of commands by name (those the menus leave to
 * buttons, /live and /notify, included) and what the marks beside the times mean. `/help alerts`
 * (a group's word in any language, or a command's name) explains each command of one group; the
 * buttons under either page move between them in place. Every command in full would not fit one
 * Discord message (2,000 characters) in French or Spanish. The table is handed in (it lists /help
 * itself), so this module does not import it.
 */
export function helpCommand(table: () => readonly CommandSpec[]): CommandModule {
  return {
    spec: {
      name: 'help',
      args: [{ name: 'topic', kind: 'help-topic', required: false, labelId: 'arg-help-topic' }],
      helpId: 'command-help',
      descriptionId: 'command-help.description',
      example: '/help',
      asksTransit: false,
      ignoresExtraWords: true,
    },
    run: (options, ctx) => {
      const topic = options.topic === undefined ? undefined : topicOf(options.topic);
      const groups = topicGroups(table());
      return topic !== undefined && groups.has(topic) ? topicReply(topic, groups, ctx) : overviewReply(groups, ctx);
    },
  };
}

/** A group's name, or a command's name standing for its group. */
function topicOf(value: string): HelpTopic | undefined {
  return isHelpTopic(value) ? value : TOPIC_OF[value as CommandName];
}

/** The commands /help lists, by group in the groups' order and each in TOPIC_OF's; a group with none is left out. */
function topicGroups(specs: readonly CommandSpec[]): Map<HelpTopic, CommandSpec[]> {
  const byName = new Map(specs.map((spec) => [spec.name, spec] as const));
  const groups = new Map<HelpTopic, CommandSpec[]>();
  for (const topic of HELP_TOPICS) {
    const members = Object.entries(TOPIC_OF).flatMap(([name, group]) =>
      group === topic && byName.has(name as CommandName) ? [byName.get(name as CommandName)!] : [],
    );
    if (members.length > 0) groups.set(topic, members);
  }
  return groups;
}

function overviewReply(groups: Map<HelpTopic, CommandSpec[]>, ctx: HandlerContext): Reply {
  const { say, transit } = ctx;
  // Whatever a feed's licence asks to be shown where its data are.
  const attributions = transit.profile().attributions ?? [];
  const examples = examplesFor(ctx);
  return {
    title: say('help-title'),
    blocks: [
      { lines: [say('help-intro')] },
      ...(examples.length > 0 ? [{ heading: say('help-examples-heading'), lines: examples.map((id) => say(id)) }] : []),
      {
        heading: say('help-commands-heading'),
        lines: [
          ...[...groups].map(([topic, specs]) =>
            say('help-topic-line', {
              topic: say(`help-topic-${topic}`),
              commands: specs.map((spec) => say('help-command-name', { command: spec.name })).join(' '),
            }),
          ),
          say('help-topics-more', { command: 'help' }),
        ],
      },
      // Every mark beside the times, in the legend's own words (under arrivals, only those shown).
      { lines: [fullTrustLegend(say)] },
      { lines: [say('help-location')] },
      ...(attributions.length > 0 ? [{ heading: say('help-data-heading'), lines: [...attributions] }] : []),
    ],
    buttons: [topicButtons([...groups.keys()], say)],
    kind: 'answer',
  };
}

function topicReply(topic: HelpTopic, groups: Map<HelpTopic, CommandSpec[]>, ctx: HandlerContext): Reply {
  const { say } = ctx;
  const others = [...groups.keys()].filter((other) => other !== topic);
  return {
    title: say(`help-topic-${topic}`),
    blocks: [
      { lines: groups.get(topic)!.map((c) => say('help-command-line', { usage: say(c.helpId), description: say(c.descriptionId) })) },
      ...TOPIC_NOTES[topic].map((id) => ({ lines: [id === LEGEND ? fullTrustLegend(say) : say(id)] })),
    ],
    buttons: [[{ label: say('button-help-all'), command: { name: 'help', options: {} }, effect: 'update' }], topicButtons(others, say)],
    kind: 'answer',
  };
}

const LEGEND = 'legend';
/** What a group's page says under its commands. */
const TOPIC_NOTES: Readonly<Record<HelpTopic, readonly string[]>> = {
  arrivals: [LEGEND, 'help-location'],
  stops: [],
  alerts: ['help-note-near-way'],
  trip: [],
  settings: [],
};

function topicButtons(topics: readonly HelpTopic[], say: HandlerContext['say']): ButtonGroup {
  return topics.map((topic) => ({ label: say(`help-topic-${topic}`), command: { name: 'help', options: { topic } }, effect: 'update' }));
}

/**
 * /start, and "hello" or "bonjour" typed: a greeting, one line on what to send, then the chat's
 * saved stops as buttons, or else examples and (where the platform has one) a location button.
 */
export const start: CommandModule = {
  spec: {
    name: 'start',
    args: [],
    helpId: 'command-start',
    descriptionId: 'command-start.description',
    example: '/start',
    asksTransit: false,
    ignoresExtraWords: true,
  },
  async run(_options, ctx) {
    const { say } = ctx;
    const greeting = { title: say('start-title'), blocks: [{ lines: [say('start-intro')] }], kind: 'answer' as const };
    const saved = await ctx.savedStops.list(ctx.chat).catch((err: unknown) => {
      ctx.logger?.warn({ err, platform: ctx.chat.platform }, 'saved stops not read for the greeting');
      return [];
    });
    if (saved.length > 0) {
      const buttons = saved.map((s) =>
        nextButton(s.label !== undefined ? say('greeting-saved-button', { label: s.label, stopNo: s.stopNo }) : s.stopNo, s.stopNo),
      );
      return { ...greeting, blocks: [...greeting.blocks, { lines: [say('greeting-saved')] }], buttons: [buttons] };
    }
    const examples = examplesFor(ctx).slice(0, 3);
    return {
      ...greeting,
      blocks: [...greeting.blocks, ...(examples.length > 0 ? [{ heading: say('help-examples-heading'), lines: examples.map((id) => say(id)) }] : [])],
      ...(ctx.chat.chatType === 'private' && ctx.stops !== undefined ? { asksLocation: { label: say('greeting-location-button') } } : {}),
    };
  },
};
