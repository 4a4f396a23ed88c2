import type { ChatType } from '../../domain/chat.js';

/**
 * What a Telegram chat is by its id alone: groups and supergroups have negative ids, people
 * positive ones; a channel (-100...) is paced as a group.
 */
export function telegramChatType(chatId: string): ChatType {
  return chatId.startsWith('-') ? 'group' : 'private';
}
