import type { Api } from 'grammy';
import type { BotCore } from '../../bot/core.js';

/** The "/" menu in each language the core speaks: English for everyone, French for French clients. */
export async function registerCommandMenus(api: Api, core: BotCore): Promise<void> {
  await api.setMyCommands(core.commandMenu('en'));
  await api.setMyCommands(core.commandMenu('fr'), { language_code: 'fr' });
}
