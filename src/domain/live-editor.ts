// The port the live updater (pushes/live/) edits messages through, and that each chat adapter
// able to edit its messages implements: here, below both, since adapters never import the pushes.
import type { ChatType, Platform } from './chat.js';
import type { Reply, ReplyLocation } from './reply.js';
import type { LiveMessage } from './store-ports.js';

/** How many edits a platform takes, declared with it (chat/telegram/limits.ts, chat/discord/limits.ts): the live updater's budget. */
export interface EditLimits {
  perSecond: number;
  perChatPerMinute: Readonly<Record<ChatType, number>>;
}

/** The platform refused an edit with a 429 (its message already free of secrets): wait `retryAfterMs`. */
export class EditRateLimited extends Error {
  constructor(
    readonly retryAfterMs: number,
    message: string,
  ) {
    super(message);
    this.name = 'EditRateLimited';
  }
}

export interface LiveEditor {
  readonly platform: Platform;
  /** The message shows the answer itself (Discord's embed): its last edit wants the answer as it is then. */
  readonly redrawsOnStop?: boolean;
  /** Redraws a live board with a new answer; 'gone' when the platform no longer lets it be edited. */
  redraw(message: LiveMessage, reply: Reply): Promise<'edited' | 'gone'>;
  /**
   * Moves the message's pin (Telegram), or redraws the answer it shows with the bus's new place
   * (Discord's embed); 'gone' when the platform no longer lets it be edited (deleted, stopped by the rider).
   */
  move(message: LiveMessage, location: ReplyLocation, reply: Reply): Promise<'moved' | 'gone'>;
  /**
   * Ends the live message. `reply` is the last answer with a line saying it is no longer followed,
   * for platforms that redraw it (Discord); when the feed is down, the last one shown, marked as
   * such; undefined when there is none. Resolves once it is ended or refused for good (the message
   * gone); rejects while it may still go through (a 5xx, the network; a 429 as EditRateLimited).
   */
  stop(message: LiveMessage, reply: Reply | undefined): Promise<void>;
}
