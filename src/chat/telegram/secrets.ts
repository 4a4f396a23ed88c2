import { createRedactor, type Redactor } from '../../util/redact.js';

/**
 * The redactor for everything the adapter logs or hands on: the bot token, its secret half alone
 * (the part after the colon is what makes it a credential, and an echo may quote it without the
 * bot's id), and the webhook secret.
 */
export function telegramRedactor(token: string, webhookSecret?: string): Redactor {
  return createRedactor([token, token.slice(token.indexOf(':') + 1), webhookSecret ?? '']);
}
