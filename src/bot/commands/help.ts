import type { Reply } from '../../domain/reply.js';
import type { HandlerContext } from '../handler-context.js';
import type { CommandModule, CommandSpec } from './spec.js';

const EXAMPLES = ['help-example-next', 'help-example-bare', 'help-example-routes', 'help-example-stop', 'help-example-lang'];

/**
 * /help: every command from the table, then examples a rider can copy. The table is handed in
 * (it lists /help itself), so this module does not import it.
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

function helpReply(specs: readonly CommandSpec[], { say, transit }: HandlerContext): Reply {
  // Whatever a feed's licence asks to be shown where its data are.
  const attributions = transit.profile().attributions ?? [];
  return {
    title: say('help-title'),
    blocks: [
      { lines: [say('help-intro')] },
      { heading: say('help-examples-heading'), lines: EXAMPLES.map((id) => say(id)) },
      {
        heading: say('help-commands-heading'),
        lines: specs.map((c) => say('help-command-line', { usage: say(c.helpId), description: say(c.descriptionId) })),
      },
      { lines: [say('help-location')] },
      ...(attributions.length > 0 ? [{ heading: say('help-data-heading'), lines: [...attributions] }] : []),
    ],
    kind: 'answer',
  };
}

/** /start: a greeting and three things to try. */
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
  run: (_options, { say }) => ({
    title: say('start-title'),
    blocks: [{ lines: [say('start-intro')] }, { heading: say('help-examples-heading'), lines: EXAMPLES.slice(0, 3).map((id) => say(id)) }],
    kind: 'answer',
  }),
};
