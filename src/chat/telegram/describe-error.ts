import { GrammyError, HttpError } from 'grammy';

// The bot token is part of every Bot API URL, and a network error's message (and its nested
// cause) can quote that URL. Nothing from an error is logged before passing through here
// (a redactor from src/util/redact.ts, over the token and the webhook secret).

/** A loggable summary of an error with every secret removed; never the raw object. Log it under a
 * key other than `err`, which pino would re-serialise as an Error. */
export function describeError(err: unknown, redact: (text: string) => string): Record<string, unknown> {
  if (err instanceof GrammyError) {
    return { type: 'GrammyError', method: err.method, code: err.error_code, description: redact(err.description) };
  }
  if (err instanceof HttpError) {
    const cause = err.error instanceof Error ? `${err.error.name}: ${err.error.message}` : String(err.error);
    return { type: 'HttpError', message: redact(err.message), cause: redact(cause) };
  }
  if (err instanceof Error) {
    return { type: err.name, message: redact(err.message), stack: redact(err.stack ?? '') };
  }
  return { type: typeof err, message: redact(String(err)) };
}
