import type { ScheduleProgress } from './static/schedule.js';

// The first import's progress where the terminal chat's user sees it (stderr): a bar redrawn in
// place on a terminal, one line per stage when the output is piped or captured.

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

const WIDTH = 30;

export function progressDisplay(output: ProgressOutput): { update(p: ScheduleProgress): void; end(): void } {
  let lastStage = '';
  let drawn = false;
  return {
    update(p) {
      if (output.isTTY === true) {
        const filled = Math.round(Math.min(1, Math.max(0, p.fraction)) * WIDTH);
        output.write(
          `\r\x1b[2KLoading the schedule [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(p.fraction * 100)).padStart(3)}% ${p.stage}`,
        );
        drawn = true;
      } else if (p.stage !== lastStage) {
        output.write(`Loading the schedule: ${p.stage}\n`);
      }
      lastStage = p.stage;
    },
    end() {
      if (drawn) output.write('\n');
    },
  };
}
