import { pino } from 'pino';
import type { Logger } from '../../src/log.js';

/** A logger that keeps what it writes, parsed, for tests to look at. */
export function capturingLogger(): { logger: Logger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}
