import type { Platform } from './chat.js';
import type { Reply } from './reply.js';

export type DeliveryResult =
  | { status: 'sent' }
  /** The chat refuses the bot for good (blocked, kicked, deactivated, chat not found): stop sending. */
  | { status: 'permanent-failure'; reason: string }
  /** Worth trying again later (rate limit beyond the bounded wait, network, 5xx). */
  | { status: 'temporary-failure'; reason: string }
  /** The chat lives under another id now (a Telegram group that became a supergroup): send there. */
  | { status: 'moved'; chatId: string; reason: string };

export interface SendOptions {
  /**
   * Names this message (the same content to the same chat, e.g. its "sent" marks hashed): up to 25
   * characters. The same key sent again within minutes must not show twice where the platform can
   * promise it (Discord's message nonce); Telegram cannot, so a send whose answer was lost, or a
   * job run again after its mark was lost, shows twice there.
   */
  once?: string;
}

/** The port through which the scheduler pushes alerts; each chat adapter implements it. */
export interface Notifier {
  readonly platform: Platform;
  send(chatId: string, reply: Reply, options?: SendOptions): Promise<DeliveryResult>;
  /**
   * Tells `listener` of each 429 the platform answers (its retry_after in ms), even one the
   * client then waits out itself: the pushes hold every instance's sends and edits for it.
   */
  onRateLimited?(listener: (retryAfterMs: number) => void): void;
}
