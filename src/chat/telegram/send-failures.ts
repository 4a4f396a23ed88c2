import { GrammyError, HttpError } from 'grammy';

// Telegram failures sorted by what the caller should do. The reasons are Telegram's own
// descriptions or grammY's messages: neither carries the bot token (it lives in the URL only).

export type FailureKind = 'permanent' | 'temporary';

const PERMANENT_400 = [/chat not found/i, /user not found/i, /peer_id_invalid/i, /group chat was upgraded/i, /chat_write_forbidden/i];

/** 403 (blocked, kicked, deactivated) and 400 "chat not found" will not get better by retrying. */
export function classifyFailure(err: unknown): { kind: FailureKind; reason: string } {
  if (err instanceof GrammyError) {
    const reason = `${err.error_code}: ${err.description}`;
    if (err.error_code === 403) return { kind: 'permanent', reason };
    if (err.error_code === 400 && PERMANENT_400.some((re) => re.test(err.description))) return { kind: 'permanent', reason };
    return { kind: 'temporary', reason };
  }
  if (err instanceof HttpError) return { kind: 'temporary', reason: err.message };
  return { kind: 'temporary', reason: err instanceof Error ? err.name : 'unknown error' };
}

/** Telegram refuses to "edit" a message into the text it already has; for a refresh that is success. */
export function isMessageNotModified(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 400 && /message is not modified/i.test(err.description);
}
