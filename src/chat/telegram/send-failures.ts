import { GrammyError, HttpError } from 'grammy';
import { attempt } from '../../util/attempt.js';
import { clip } from '../../util/clip.js';
import { textOf } from '../../util/text-of.js';

// Telegram failures sorted by what the caller should do. The reasons are Telegram's own
// descriptions or grammY's messages: neither carries the bot token (it lives in the URL only),
// though a self-hosted server or a proxy may echo it, so callers still redact them. Every field is
// read as untrusted (no description, a number for one, a throwing getter): sorting never throws.

export type FailureKind = 'permanent' | 'temporary' | 'moved';

// "group chat was upgraded" comes with the supergroup's id (migrate_to_chat_id): the chat moved,
// and the message goes there. Without the id there is nowhere to send it.
const PERMANENT_400 = [/chat not found/i, /user not found/i, /peer_id_invalid/i, /group chat was upgraded/i, /chat_write_forbidden/i];
// Reasons travel to the scheduler's log and the store: Telegram's are one line, anything longer is noise.
const MAX_REASON = 500;

/**
 * 403 (blocked, kicked, deactivated) and 400 "chat not found" will not get better by retrying; a
 * group that became a supergroup moved (`movedTo`: its new id).
 */
export function classifyFailure(err: unknown): { kind: FailureKind; reason: string; movedTo?: string } {
  if (attempt(() => err instanceof GrammyError, false)) {
    const { code, description } = refusalOf(err as GrammyError);
    const reason = clip(
      code === undefined ? 'an answer without an error code' : description === undefined ? `${code}` : `${code}: ${description}`,
      MAX_REASON,
    );
    const movedTo = migratedTo(err as GrammyError);
    if (movedTo !== undefined) return { kind: 'moved', reason, movedTo };
    const permanent = code === 403 || (code === 400 && PERMANENT_400.some((re) => re.test(description ?? '')));
    return { kind: permanent ? 'permanent' : 'temporary', reason };
  }
  const reason = attempt(
    () => (err instanceof HttpError ? textOf(err.message) : err instanceof Error ? textOf(err.name) : 'unknown error'),
    'unknown error',
  );
  return { kind: 'temporary', reason: clip(reason, MAX_REASON) };
}

/** Telegram refuses to "edit" a message into the text it already has; for a refresh that is success. */
export function isMessageNotModified(err: unknown): boolean {
  if (!attempt(() => err instanceof GrammyError, false)) return false;
  const { code, description } = refusalOf(err as GrammyError);
  return code === 400 && /message is not modified/i.test(description ?? '');
}

/** The supergroup's id a group chat was upgraded to, when the answer gives a whole number for it. */
function migratedTo(err: GrammyError): string | undefined {
  const id = attempt((): unknown => err.parameters?.migrate_to_chat_id, undefined);
  return typeof id === 'number' && Number.isSafeInteger(id) && id !== 0 ? String(id) : undefined;
}

/** The code and description as text, whatever their types; undefined when absent. */
function refusalOf(err: GrammyError): { code?: number | string; description?: string } {
  const code = attempt((): unknown => err.error_code, undefined);
  const description = attempt((): unknown => err.description, undefined);
  return {
    ...(code !== undefined && code !== null ? { code: typeof code === 'number' ? code : textOf(code) } : {}),
    ...(description !== undefined && description !== null ? { description: textOf(description) } : {}),
  };
}
