import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface BotRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm start` as a user runs it, minus npm: the built entry (the programs' tests build dist/ first:
 * test/support/build-dist.ts), with stdin piped. Only the
 * variables given here reach the bot, so no OC_* credentials leak in from the outside.
 */
export function runBot(input: string, env: Record<string, string>): Promise<BotRun> {
  const bot = startBot(env);
  bot.child.stdin.end(input);
  return bot.exited;
}

/** The bot with stdin left open, for tests that signal it while it waits for more input. */
export function startBot(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/main.js'], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const exited = new Promise<BotRun>((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  /** Resolves once the stream has shown `text`. */
  const shown = (stream: NodeJS.ReadableStream, text: string) =>
    new Promise<void>((resolve) => {
      let seen = '';
      const look = (chunk: Buffer) => {
        seen += chunk.toString('utf8');
        if (seen.includes(text)) {
          stream.off('data', look);
          resolve();
        }
      };
      stream.on('data', look);
    });
  /** Resolves once stdout (the terminal chat) has shown `text`. */
  const printed = (text: string) => shown(child.stdout, text);
  /** Resolves once the log (stderr) has shown `text`. */
  const logged = (text: string) => shown(child.stderr, text);
  return { child, exited, printed, logged };
}
