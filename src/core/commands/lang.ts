import type { Locale } from '../../domain/locale.js';
import { messageReply } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** /lang es (or español...: any language's folder): remembered for the chat; the confirmation already speaks the new language. */
export const lang: CommandModule = {
  spec: {
    name: 'lang',
    args: [{ name: 'language', kind: 'language', required: true, labelId: 'arg-language' }],
    helpId: 'command-lang',
    descriptionId: 'command-lang.description',
    example: '/lang fr',
    asksTransit: false,
  },
  async run(options, ctx) {
    const locale = options.language as Locale;
    try {
      await ctx.chats.setLanguage(ctx.chat, { locale, chosen: true });
    } catch (err) {
      return storeFailure(err, 'lang-failed', ctx);
    }
    return messageReply('answer', ctx.t(locale, 'lang-set'));
  },
};
