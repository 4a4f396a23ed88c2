import { closeSync, openSync, writeSync } from 'node:fs';
import { pino, type Logger } from 'pino';

export type { Logger };

// Secret-bearing fields are censored wherever they appear in a logged object; secrets are also
// kept out of messages by never interpolating them in the first place.
const REDACT = ['apiKey', '*.apiKey', 'token', '*.token', 'secret', '*.secret', 'headers.authorization'];

/** Where log lines go: stderr (the default), a file, or held until one is chosen. */
export interface LogOutput {
  write(line: string): void;
}

/** Logs go to stderr by default, so that the terminal chat's stdout carries replies only. */
export function createLogger(level = 'info', output: LogOutput = pino.destination(2)): Logger {
  return pino({ level, redact: { paths: REDACT, censor: '[redacted]' } }, output);
}

export function silentLogger(): Logger {
  return pino({ level: 'silent' });
}

/** Lines held past this are dropped: a start that never chooses a destination holds little. */
const MAX_HELD_LINES = 1_000;

/**
 * A destination chosen later (the log file lives in DATA_DIR, which the store creates): lines
 * are held until `sendTo`, then written there in order, and every line after them.
 */
export function heldLogOutput(): LogOutput & { sendTo(output: LogOutput): void } {
  let held: string[] | undefined = [];
  let target: LogOutput | undefined;
  return {
    write(line) {
      if (target !== undefined) target.write(line);
      else if (held !== undefined && held.length < MAX_HELD_LINES) held.push(line);
    },
    sendTo(output) {
      target = output;
      for (const line of held ?? []) output.write(line);
      held = undefined;
    },
  };
}

/**
 * Appends every line to `path`, written at once (a crash loses none). A file that cannot be opened
 * is said in one line on stderr, and the lines go there instead.
 */
export function fileLogOutput(path: string, stderr: { write(text: string): unknown } = process.stderr): LogOutput & { close(): void } {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'a', 0o600);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException | undefined)?.code ?? 'error';
    stderr.write(`arrivals-bot: cannot write the log to ${path} (${code}); logging to stderr instead\n`);
  }
  return {
    write(line) {
      if (fd === undefined) return void stderr.write(line);
      try {
        writeSync(fd, line);
      } catch {
        // A full disk must not stop the answers: the line goes to stderr.
        stderr.write(line);
      }
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}
