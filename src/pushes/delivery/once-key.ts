// The key a pushed message is sent under (Notifier.send's `once`), so that the platform can tell
// the same message sent again (a job run again after its mark was lost, a retry whose first try
// did land) and show it once where it can (Discord's nonce, 25 characters at most).
import { createHash } from 'node:crypto';
import type { ChatRef } from '../../domain/chat.js';

/** Discord's limit for a message nonce. */
export const ONCE_KEY_CHARS = 25;

/**
 * The same chat and the same marks (the "sent" keys of the alerts a message holds, in order) give
 * the same key, whichever process sends it; 150 bits, so two different messages never share one.
 */
export function onceKey(chat: ChatRef, marks: readonly string[]): string {
  const hash = createHash('sha256').update(`${chat.platform}:${chat.chatId}`);
  for (const mark of marks) hash.update(`\n${mark}`);
  return hash.digest('base64url').slice(0, ONCE_KEY_CHARS);
}
