import type { Api } from 'grammy';
import type { DeliveryResult, Notifier } from '../../domain/notifier.js';
import type { Reply } from '../../domain/reply.js';
import type { Logger } from '../../log.js';
import type { Redactor } from '../../util/redact.js';
import { classifyFailure } from './send-failures.js';
import { htmlMessage } from './render.js';
import { telegramRedactor } from './secrets.js';

/**
 * Scheduled alerts go out through here. Rate limits (429) were already waited out by the API's
 * retry layer; what still fails is sorted so the scheduler can stop writing to chats that
 * refuse the bot for good.
 */
export function createTelegramNotifier(api: Api, logger: Logger, redact: Redactor = telegramRedactor(api.token)): Notifier {
  return {
    platform: 'telegram',
    // The `once` key is not used: the Bot API's sendMessage has no idempotency key (nor a nonce to
    // look a message up by), so a send whose answer was lost may show twice; the "sent" marks are
    // all that keeps a job run again from sending it.
    async send(chatId: string, reply: Reply): Promise<DeliveryResult> {
      const { text, options } = htmlMessage(reply);
      try {
        await api.sendMessage(chatId, text, options);
        return { status: 'sent' };
      } catch (err) {
        const failure = classifyFailure(err);
        const kind = failure.kind;
        // The reason travels on (scheduler logs, the store): only Telegram's words, minus any secret.
        const reason = redact(failure.reason);
        if (failure.movedTo !== undefined) {
          logger.info({ chatId, to: failure.movedTo }, 'telegram group became a supergroup; sending there');
          return { status: 'moved', chatId: failure.movedTo, reason };
        }
        logger.warn({ chatId, kind, reason }, 'telegram delivery failed');
        return kind === 'permanent' ? { status: 'permanent-failure', reason } : { status: 'temporary-failure', reason };
      }
    },
  };
}
