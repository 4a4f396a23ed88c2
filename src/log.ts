import { pino, type Logger } from 'pino';

export type { Logger };

// Secret-bearing fields are censored wherever they appear in a logged object; secrets are also
// kept out of messages by never interpolating them in the first place.
const REDACT = ['apiKey', '*.apiKey', 'token', '*.token', 'secret', '*.secret', 'headers.authorization'];

/** Logs go to stderr so that the terminal chat's stdout carries replies only. */
export function createLogger(level = 'info'): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, pino.destination(2));
}

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}
