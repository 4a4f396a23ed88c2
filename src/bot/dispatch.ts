import type { HandlerContext } from './handlers/context.js';
import { handleFindStop } from './handlers/find-stop.js';
import { handleHelp, handleStart } from './handlers/help.js';
import { handleLang } from './handlers/lang.js';
import { handleNext } from './handlers/next.js';
import { handleRoutes } from './handlers/routes.js';
import { handleSave } from './handlers/save.js';
import { handleStop } from './handlers/stop.js';
import { handleSavedStops } from './handlers/stops.js';
import type { Command } from './parse.js';
import type { Reply } from './reply.js';

/** The one place commands meet their handlers. */
export async function dispatch(command: Command, ctx: HandlerContext): Promise<Reply> {
  switch (command.name) {
    case 'next':
      return handleNext(command, ctx);
    case 'routes':
      return handleRoutes(command, ctx);
    case 'stop':
      return handleStop(command, ctx);
    case 'find-stop':
      return handleFindStop(command, ctx);
    case 'save':
      return handleSave(command, ctx);
    case 'stops':
      return handleSavedStops(ctx);
    case 'lang':
      return handleLang(command, ctx);
    case 'help':
      return handleHelp(ctx);
    case 'start':
      return handleStart(ctx);
  }
}
