import type { Api } from 'grammy';
import type { Speaking } from '../../core/index.js';
import type { Logger } from '../../log.js';
import type { Redactor } from '../../util/redact.js';
import { describeError } from './describe-error.js';

/**
 * The "/" menu in each language the core speaks: English for everyone, French for French clients.
 * A refusal is logged and the start goes on: the menu is a convenience (Telegram keeps the one
 * set last), and some Bot API emulators do not implement setMyCommands at all.
 */
export async function registerCommandMenus(api: Api, core: Pick<Speaking, 'commandMenu'>, logger: Logger, redact: Redactor): Promise<void> {
  try {
    await api.setMyCommands(core.commandMenu('en'));
    await api.setMyCommands(core.commandMenu('fr'), { language_code: 'fr' });
  } catch (err) {
    logger.warn({ error: describeError(err, redact) }, 'could not set the command menus; continuing');
  }
}
