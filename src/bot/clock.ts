// Riders read times on Ottawa's clock, wherever the bot runs.
const OTTAWA_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Toronto',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** "08:12": the same 24-hour form in English and French. */
export function ottawaClock(at: Date): string {
  return OTTAWA_TIME.format(at);
}

export function minutesLater(now: Date, minutes: number): Date {
  return new Date(now.getTime() + minutes * 60_000);
}
