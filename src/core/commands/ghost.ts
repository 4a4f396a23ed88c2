import { REPORTABLE_FOR_MS, type ReportOutcome } from '../../domain/rider-reports.js';
import { messageReply } from '../format/text.js';
import { storeFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

/** A press a little before the trip's time (clocks differ) still counts. */
const EARLY_MS = 60_000;

const ANSWERS: Record<ReportOutcome, string> = {
  counted: 'report-counted',
  'already-reported': 'report-already',
  'too-many': 'report-too-many',
  'turned-off': 'report-turned-off',
};

/**
 * The 👻 button under a board, for a trip the chat was shown whose time has passed: the rider
 * says its bus did not come. Counted once per rider and trip, a few an hour, without who said
 * it (the store's RiderReportsRepository); the answer says only what became of this report.
 */
export const ghost: CommandModule = {
  spec: {
    name: 'ghost',
    args: [
      { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
      { name: 'route', kind: 'route', required: true, labelId: 'arg-route' },
      { name: 'trip', kind: 'trip-start', required: true, labelId: 'arg-trip' },
      { name: 'due', kind: 'due-minute', required: true, labelId: 'arg-due' },
    ],
    helpId: 'command-ghost',
    descriptionId: 'command-ghost.description',
    example: '/ghost {stop} {route} 0742 29712345',
    asksTransit: false,
    hidden: true,
    buttonsOnly: true,
  },
  async run(options, ctx) {
    const routeNo = options.route!;
    if (ctx.riderReports === undefined) return messageReply('answer', ctx.say('report-turned-off'));
    const due = new Date(Number(options.due) * 60_000);
    // A forged or mistyped button: a trip still to come, or one too long ago to say.
    if (due.getTime() > ctx.now.getTime() + EARLY_MS) return messageReply('usage-error', ctx.say('report-not-yet', { routeNo }));
    if (ctx.now.getTime() - due.getTime() > REPORTABLE_FOR_MS) return messageReply('usage-error', ctx.say('report-too-late', { routeNo }));
    // The one pressing it, not the chat: in a group each rider's word counts once.
    const rider = `${ctx.chat.platform}:${ctx.chat.userId ?? ctx.chat.chatId}`;
    try {
      const outcome = await ctx.riderReports.report(rider, { stop: options.stop!, route: routeNo, trip: options.trip!, due }, ctx.now);
      return messageReply('answer', ctx.say(ANSWERS[outcome], { routeNo }));
    } catch (err) {
      return storeFailure(err, 'report-failed', ctx);
    }
  },
};
