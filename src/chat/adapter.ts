import type { Notifier } from '../domain/notifier.js';
import type { Platform } from '../domain/chat.js';
import type { LiveEditor } from '../domain/live-editor.js';

/**
 * A chat platform as main.ts sees it: started, stopped, watched, and pushed through. Telegram,
 * Discord and the terminal each implement it; main starts every one whose token is set.
 */
export interface ChatAdapter {
  readonly platform: Platform;
  /** Pushes (alerts) to this platform's chats. */
  readonly notifier: Notifier;
  /** Moves, redraws and stops the live messages it sent (📍 pins and embeds, 🔴 Live boards), for the live updater; absent: it sends none. */
  readonly liveEditor?: LiveEditor;
  /** Resolves once the adapter serves (connected, listening, reading). */
  start(): Promise<void>;
  /** Stops taking new input and lets answers under way finish. */
  stop(): Promise<void>;
  /**
   * Settles when the adapter can no longer serve: resolves after stop() or when its input ended
   * (the terminal); rejects when it failed by itself (a revoked token, another poller).
   */
  ended(): Promise<void>;
}
