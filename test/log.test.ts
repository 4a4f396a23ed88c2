import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, fileLogOutput, heldLogOutput } from '../src/log.js';
import { tempDir } from './sources/gtfs/helpers.js';

describe('log outputs', () => {
  it('lines logged before the file can be opened wait for it, then go there in order', () => {
    const dir = tempDir();
    try {
      const held = heldLogOutput();
      const logger = createLogger('info', held);
      logger.info('first');
      logger.warn('second');
      const file = join(dir.path, 'bot.log');
      held.sendTo(fileLogOutput(file));
      logger.error({ token: 'sekret-1' }, 'third');
      const lines = readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { msg: string; token?: string });
      expect(lines.map((l) => l.msg)).toEqual(['first', 'second', 'third']);
      expect(lines[2]!.token).toBe('[redacted]');
    } finally {
      dir.remove();
    }
  });

  it('a file that cannot be opened is said once on stderr, and the lines go there', () => {
    const said: string[] = [];
    const output = fileLogOutput('/proc/no-such-place/bot.log', { write: (text: string) => said.push(text) });
    createLogger('info', output).warn('still here');
    expect(said[0]).toBe('arrivals-bot: cannot write the log to /proc/no-such-place/bot.log (ENOENT); logging to stderr instead\n');
    expect(said[1]).toContain('"msg":"still here"');
  });
});
