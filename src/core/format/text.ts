import type { MessageArgs } from '../i18n.js';
import type { Reply } from '../../domain/reply.js';

/** A translator already bound to the chat's language. */
export type Say = (id: string, args?: MessageArgs) => string;

export const MAX_NAME_CHARS = 60;

export function messageReply(kind: Reply['kind'], text: string, title?: string): Reply {
  return { ...(title !== undefined ? { title } : {}), kind, blocks: [{ lines: [text] }] };
}

/** Upstream text goes into replies, so keep it to one short line. */
export function shorten(text: string, max: number): string {
  const chars = [
    ...text
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  ];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
}
