import { messageReply } from '../format/text.js';
import { isAmbiguousStop, isUnknownStop, storeFailure, transitFailure } from '../handler-context.js';
import type { CommandModule } from './spec.js';

export const MAX_SAVED_STOPS = 20;

/** /save <stop> and the "Save stop" button: remembers the stop (with its name when known). */
export const save: CommandModule = {
  spec: {
    name: 'save',
    args: [
      { name: 'stop', kind: 'stop', required: true, labelId: 'arg-stop' },
      { name: 'name', kind: 'label', required: false, labelId: 'arg-label' },
    ],
    helpId: 'command-save',
    descriptionId: 'command-save.description',
    example: '/save {stop} home',
    asksTransit: true,
  },
  async run(options, ctx) {
    let stopNo = options.stop!;
    const label = options.name;
    // The API names the stop as a whole ("BASELINE STATION"), as /next titles it; the stop index
    // names one of its platforms ("BASELINE 1B"), so it only stands in when the API cannot answer.
    let name: string | undefined;
    try {
      const summary = await ctx.transit.routeSummary(stopNo);
      name = summary.stopName || undefined;
      // As the source names it: with several feeds, the feed the stop belongs to.
      stopNo = summary.stopNo;
    } catch (err) {
      // A stop the API says does not exist is not worth saving; a flaky API is no reason to refuse.
      if (isUnknownStop(err) || isAmbiguousStop(err)) return transitFailure(err, { stopNo }, ctx);
      ctx.logger?.info({ err, stopNo }, 'saving a stop without its name from the API');
    }
    name ??= ctx.stops?.nameOf(stopNo);
    try {
      const outcome = await ctx.savedStops.add(
        ctx.chat,
        { stopNo, ...(name !== undefined ? { name } : {}), ...(label !== undefined ? { label } : {}) },
        MAX_SAVED_STOPS,
      );
      switch (outcome) {
        case 'full':
          return messageReply('failure', ctx.say('save-full', { max: MAX_SAVED_STOPS }));
        case 'label-taken':
          return messageReply('usage-error', ctx.say('save-label-taken', { label: label ?? '' }));
        case 'already':
          return messageReply('answer', ctx.say('save-already', { stopNo }));
        case 'saved':
          return messageReply('answer', label !== undefined ? ctx.say('save-done-named', { stopNo, label }) : ctx.say('save-done', { stopNo }));
      }
    } catch (err) {
      return storeFailure(err, 'save-failed', ctx);
    }
  },
};
