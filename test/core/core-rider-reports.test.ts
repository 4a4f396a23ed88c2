// The 👻 "didn't come?" button through the core: offered under a board only for a trip this chat
// was shown whose time has passed (gone from the board, or kept as vanished), never for one still
// to come, one the feed cancelled or one a tracked bus was about to reach; pressed, the rider's
// report goes to the repository and the answer says what became of it, in the chat's language.
import { describe, expect, it } from 'vitest';
import { createBotCore } from '../../src/core/create-core.js';
import type { StopArrivals, Trip } from '../../src/domain/arrivals.js';
import type { ChatContext } from '../../src/core/chat-context.js';
import { fixedClock } from '../../src/domain/clock.js';
import type { Reply, ReplyButton } from '../../src/domain/reply.js';
import type { ReportOutcome, ReportedTrip, RiderReportsRepository } from '../../src/domain/rider-reports.js';
import { encodeButton } from '../../src/chat/telegram/callback-data.js';
import { encodeButton as discordCustomId } from '../../src/chat/discord/custom-id.js';
import { fakeTransit, memoryStores, privateChat, route, stopArrivals, trip } from './fakes.js';

const MIN = 60_000;
const START = new Date('2026-11-27T12:30:00Z'); // 07:30 in Ottawa
const due = (hhmmUtc: string) => new Date(`2026-11-27T${hhmmUtc}:00Z`);

/** A trip of route 95 due at a UTC time, as the board shows it at `now`. */
function at(now: Date, start: string, when: Date, extra: Partial<Trip> = {}): Trip {
  return trip((when.getTime() - now.getTime()) / MIN, { startTime: start, at: when, ...extra });
}

/** Reports kept in memory: one per rider and trip; `outcome` forces an answer. */
function memoryReports(): RiderReportsRepository & { reports: Array<{ rider: string; trip: ReportedTrip }>; outcome?: ReportOutcome } {
  const reports: Array<{ rider: string; trip: ReportedTrip }> = [];
  const repository = {
    reports,
    outcome: undefined as ReportOutcome | undefined,
    report(rider: string, reported: ReportedTrip): Promise<ReportOutcome> {
      if (repository.outcome !== undefined) return Promise.resolve(repository.outcome);
      if (reports.some((r) => r.rider === rider && r.trip.route === reported.route && r.trip.trip === reported.trip))
        return Promise.resolve('already-reported');
      reports.push({ rider, trip: reported });
      return Promise.resolve('counted');
    },
    count: () => Promise.resolve(reports.length),
  };
  return repository;
}

function world(options: { reports?: boolean } = {}) {
  const clock = fixedClock(START);
  let board: (now: Date) => StopArrivals = () => stopArrivals([]);
  const answer = () => board(clock());
  const transit = fakeTransit({ next: { 'next 3017 95': answer }, all: { 'all 3017': answer } });
  const reports = memoryReports();
  const core = createBotCore({ transit, ...memoryStores(), now: clock, ...(options.reports === false ? {} : { riderReports: reports }) });
  return {
    clock,
    reports,
    core,
    showing(next: (now: Date) => StopArrivals) {
      board = next;
    },
    /** The board at `hhmm` UTC, as /next 3017 95 (or Refresh) shows it to `chat`. */
    async look(hhmm: string, chat: ChatContext = privateChat(), text = '/next 3017 95'): Promise<Reply> {
      clock.set(due(hhmm));
      return (await core.handleText(text, chat))!;
    },
  };
}

const ghostButtons = (reply: Reply): ReplyButton[] => (reply.buttons ?? []).flat().filter((b) => b.command.name === 'ghost');
const labels = (reply: Reply) => ghostButtons(reply).map((b) => b.label);

describe('the 👻 button under a board', () => {
  it('appears only once a trip the chat was shown has had its time pass off the board', async () => {
    const w = world();
    // 07:42 and 07:57 to come; then the 07:42 runs late; then it is gone, its time past.
    w.showing((now) => stopArrivals([route('95', [at(now, '07:10', due('12:42')), at(now, '07:25', due('12:57'))])]));
    expect(labels(await w.look('12:30'))).toEqual([]);
    expect(labels(await w.look('12:41'))).toEqual([]);
    w.showing((now) => stopArrivals([route('95', [at(now, '07:10', due('12:45')), at(now, '07:25', due('12:57'))])]));
    // Late but still on the board: still to come, no offer.
    expect(labels(await w.look('12:46'))).toEqual([]);
    w.showing((now) => stopArrivals([route('95', [at(now, '07:25', due('12:57')), at(now, '07:40', due('13:12'))])]));
    // Gone from the board a minute after its last time: a bus a minute late is no ghost yet.
    expect(labels(await w.look('12:46'))).toEqual([]);
    const offered = await w.look('12:48');
    expect(labels(offered)).toEqual(["👻 95 07:45 didn't come?"]);
    // Within Telegram's 64 bytes, the trip whole.
    expect(encodeButton(ghostButtons(offered)[0]!)).toBe(`2:n:ghost:3017:95:0710:${Math.floor(due('12:45').getTime() / MIN)}`);
    // And within Discord's 100 characters of custom id.
    expect(discordCustomId(ghostButtons(offered)[0]!)).toBe(
      `b1:n:ghost?stop=3017&route=95&trip=0710&due=${Math.floor(due('12:45').getTime() / MIN)}`,
    );
    // Still offered on the next Refresh, on the board of every route too.
    expect(labels(await w.look('12:55', privateChat(), '/next 3017'))).toEqual(["👻 95 07:45 didn't come?"]);
    // And on a 🔴 live board's rounds (the updater runs the board's request again).
    w.clock.set(due('12:56'));
    expect(labels(await w.core.run({ name: 'live', options: { stop: '3017', route: '95' } }, privateChat()))).toEqual(["👻 95 07:45 didn't come?"]);
    // Another chat never saw it: nothing to offer there.
    expect(labels(await w.look('12:55', privateChat({ chatId: '43' })))).toEqual([]);
    // Half an hour past its time, no longer offered.
    expect(labels(await w.look('13:20'))).toEqual([]);
  });

  it('is offered for a vanished trip once its time is past, never for a cancelled one or a tracked bus about to arrive', async () => {
    const w = world();
    const vanishedAt = due('12:36');
    w.showing((now) =>
      stopArrivals([
        route('95', [
          at(now, '07:05', due('12:40'), { trust: 'tracked' }),
          at(now, '07:10', due('12:42'), { vanishedAt }),
          at(now, '07:15', due('12:44'), { cancelled: true }),
        ]),
      ]),
    );
    expect(labels(await w.look('12:38'))).toEqual([]);
    w.showing((now) =>
      stopArrivals([route('95', [at(now, '07:05', due('12:40'), { trust: 'tracked' }), at(now, '07:10', due('12:42'), { vanishedAt })])]),
    );
    expect(labels(await w.look('12:39'))).toEqual([]);
    // The vanished trip, still kept on the board, past its time; the tracked one reached the stop; the cancelled one was said.
    w.showing((now) => stopArrivals([route('95', [at(now, '07:10', due('12:42'), { vanishedAt }), at(now, '07:40', due('13:12'))])]));
    expect(labels(await w.look('12:45'))).toEqual(["👻 95 07:42 didn't come?"]);
  });

  it('is not offered when reports are turned off, and a press of an earlier one says so', async () => {
    const w = world({ reports: false });
    w.showing((now) => stopArrivals([route('95', [at(now, '07:10', due('12:42'))])]));
    await w.look('12:30');
    w.showing(() => stopArrivals([route('95', [])]));
    expect(labels(await w.look('12:50'))).toEqual([]);
    const press = await w.core.run(
      { name: 'ghost', options: { stop: '3017', route: '95', trip: '0710', due: String(due('12:42').getTime() / MIN) } },
      privateChat(),
    );
    expect(press.blocks[0]!.lines[0]).toBe("Reports of trips that didn't come are turned off on this bot.");
  });
});

describe('pressing 👻', () => {
  const press = (w: ReturnType<typeof world>, chat: ChatContext, dueAt = due('12:42')) =>
    w.core.run({ name: 'ghost', options: { stop: '3017', route: '95', trip: '0710', due: String(dueAt.getTime() / MIN) } }, chat);
  const line = (reply: Reply) => reply.blocks[0]!.lines[0];

  it('thanks the rider in their language, says a second press was counted already, and never who else reported', async () => {
    const w = world();
    w.clock.set(due('12:50'));
    const alice = privateChat({ chatId: '42', userId: '42', languageCode: 'en' });
    expect(line(await press(w, alice))).toBe("👻 Thank you: your word that the 95 didn't come is counted.");
    expect(line(await press(w, alice))).toBe('You already reported this 95. Thank you.');
    expect(line(await press(w, privateChat({ chatId: '7', userId: '7', languageCode: 'fr' })))).toBe(
      "👻 Merci : votre signalement que le 95 n'est pas passé est compté.",
    );
    const es = privateChat({ chatId: '8', userId: '8', languageCode: 'es' });
    expect(line(await press(w, es))).toBe('👻 Gracias: tu aviso de que el 95 no pasó está contado.');
    expect(line(await press(w, es))).toBe('Ya avisaste de este 95. Gracias.');
    // The rider is who pressed, the trip as the button carried it.
    expect(w.reports.reports).toEqual([
      { rider: 'telegram:42', trip: { stop: '3017', route: '95', trip: '0710', due: due('12:42') } },
      { rider: 'telegram:7', trip: { stop: '3017', route: '95', trip: '0710', due: due('12:42') } },
      { rider: 'telegram:8', trip: { stop: '3017', route: '95', trip: '0710', due: due('12:42') } },
    ]);
    w.reports.outcome = 'too-many';
    expect(line(await press(w, alice))).toBe('You have sent many reports this hour. Thank you; try again later.');
    expect(line(await press(w, privateChat({ languageCode: 'fr' })))).toMatch(/^Vous avez envoyé beaucoup de signalements/);
    expect(line(await press(w, privateChat({ languageCode: 'es' })))).toMatch(/^Has enviado muchos avisos/);
  });

  it('refuses a trip still to come or long past (a forged button), counting nothing', async () => {
    const w = world();
    w.clock.set(due('12:30'));
    expect(line(await press(w, privateChat()))).toBe('This 95 is not due yet: it can be reported once its time has passed.');
    w.clock.set(due('16:00'));
    expect(line(await press(w, privateChat({ chatId: '7', languageCode: 'fr' })))).toBe(
      'Ce passage était prévu il y a trop longtemps pour être signalé.',
    );
    expect(line(await w.core.run({ name: 'ghost', options: { stop: '3017', route: '95', trip: '0710', due: 'soon' } }, privateChat()))).toBe(
      'This trip was due too long ago to be reported.',
    );
    expect(w.reports.reports).toEqual([]);
  });
});
