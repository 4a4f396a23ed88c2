import type { Api } from 'grammy';
import type { LanguageCode } from 'grammy/types';
import type { Languages, Speaking } from '../../core/index.js';
import type { Logger } from '../../log.js';
import type { Redactor } from '../../util/redact.js';
import { describeError } from './describe-error.js';

/**
 * The "/" menu in each language the core speaks: the default language's for everyone, and each
 * other language's (its command names, its descriptions) for clients whose language code its
 * words.json names. A refusal is logged and the start goes on: the menu is a convenience
 * (Telegram keeps the one set last), and some Bot API emulators do not implement setMyCommands.
 */
export async function registerCommandMenus(
  api: Api,
  core: Pick<Speaking, 'commandMenu'>,
  languages: Languages,
  logger: Logger,
  redact: Redactor,
): Promise<void> {
  try {
    await api.setMyCommands(core.commandMenu(languages.default.locale));
    // Checked as two letters at start; a code Telegram does not know is refused here, and logged.
    for (const language of languages.all.filter((one) => one !== languages.default))
      for (const code of language.telegram) await api.setMyCommands(core.commandMenu(language.locale), { language_code: code as LanguageCode });
  } catch (err) {
    logger.warn({ error: describeError(err, redact) }, 'could not set the command menus; continuing');
  }
}
