import { COMMANDS } from '../commands.js';
import type { Reply } from '../reply.js';
import type { HandlerContext } from './context.js';

const EXAMPLES = ['help-example-next', 'help-example-bare', 'help-example-routes', 'help-example-stop', 'help-example-lang'];

/** /help: every command from the one table, then examples a rider can copy. */
export function handleHelp(ctx: HandlerContext): Reply {
  const { say } = ctx;
  return {
    title: say('help-title'),
    blocks: [
      { lines: [say('help-intro')] },
      { heading: say('help-examples-heading'), lines: EXAMPLES.map((id) => say(id)) },
      { heading: say('help-commands-heading'), lines: COMMANDS.map((c) => say('help-command-line', { usage: say(c.helpId), description: say(c.descriptionId) })) },
      { lines: [say('help-location')] },
    ],
    kind: 'answer',
  };
}

/** /start: a greeting and three things to try. */
export function handleStart(ctx: HandlerContext): Reply {
  const { say } = ctx;
  return {
    title: say('start-title'),
    blocks: [{ lines: [say('start-intro')] }, { heading: say('help-examples-heading'), lines: EXAMPLES.slice(0, 3).map((id) => say(id)) }],
    kind: 'answer',
  };
}
