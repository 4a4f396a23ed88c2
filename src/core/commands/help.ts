import type { Reply } from '../../domain/reply.js';
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
 * /help: examples a rider can copy, then every command riders use, those the menus leave to
 * buttons (/live, /notify) included, then what the marks beside the times mean. The table is handed in (it lists /help itself), so this
 * module does not import it.
 */
export function helpCommand(table: () => readonly CommandSpec[]): CommandModule {
  return {
    spec: {
      name: 'help',
      args: [],
      helpId: 'command-help',
      descriptionId: 'command-help.description',
      example: '/help',
      asksTransit: false,
      ignoresExtraWords: true,
    },
    run: (_options, ctx) => helpReply(table(), ctx),
  };
}

function helpReply(specs: readonly CommandSpec[], ctx: HandlerContext): Reply {
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
        lines: specs.map((c) => say('help-command-line', { usage: say(c.helpId), description: say(c.descriptionId) })),
      },
      // Every mark beside the times, in the legend's own words (under arrivals, only those shown).
      { lines: [fullTrustLegend(say)] },
      { lines: [say('help-location')] },
      ...(attributions.length > 0 ? [{ heading: say('help-data-heading'), lines: [...attributions] }] : []),
    ],
    kind: 'answer',
  };
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
