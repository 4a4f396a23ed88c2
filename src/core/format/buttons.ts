import type { ButtonGroup, ReplyButton } from '../../domain/reply.js';
import type { Say } from './text.js';
import type { CommandName } from '../../domain/command-request.js';

/** A button that asks for a stop's arrivals (and a route's), answered with a new message. */
export function nextButton(label: string, stopNo: string, routeNo?: string): ReplyButton {
  return { label, command: { name: 'next', options: routeNo !== undefined ? { stop: stopNo, route: routeNo } : { stop: stopNo } }, effect: 'reply' };
}

/** Refresh redraws the arrivals in place; Live keeps redrawing them for a while; Save confirms quietly. */
export function refreshAndSave(stopNo: string, routeNo: string | undefined, say: Say): ButtonGroup {
  const options: Record<string, string> = routeNo !== undefined ? { stop: stopNo, route: routeNo } : { stop: stopNo };
  return [
    { ...nextButton(say('button-refresh'), stopNo, routeNo), effect: 'update' },
    { label: say('button-live'), command: { name: 'live', options }, effect: 'update' },
    saveButton(stopNo, say),
  ];
}

export function saveButton(stopNo: string, say: Say): ReplyButton {
  return { label: say('button-save'), command: { name: 'save', options: { stop: stopNo } }, effect: 'notice' };
}

/** One button per route: the next trips of that route at the stop. */
export function routeButtons(stopNo: string, routeNos: string[], say: Say): ButtonGroup {
  return routeNos.map((routeNo) => nextButton(say('button-route', { routeNo }), stopNo, routeNo));
}

/** "Tell me when it is near": a one-shot alert for this route at this stop (one way of it, when it goes two ways here: its button value, route-directions.ts). */
export function notifyButton(stopNo: string, routeNo: string, say: Say, direction?: { name: string; value: string }): ReplyButton {
  if (direction === undefined)
    return { label: say('button-notify', { routeNo }), command: { name: 'notify', options: { stop: stopNo, route: routeNo } }, effect: 'notice' };
  const way = direction.value;
  return {
    label: say('button-notify-towards', { routeNo, towards: direction.name }),
    command: { name: 'notify', options: { stop: stopNo, route: routeNo, direction: way } },
    effect: 'notice',
    typed: typedWithWay('notify', [stopNo, routeNo], direction.name, say),
  };
}

/** 🚶 "Tell me when to leave": /leave for this route at this stop (one way of it, as the 🔔 beside it), from the chat's place. */
export function leaveButton(stopNo: string, routeNo: string, say: Say, direction?: { name: string; value: string }): ReplyButton {
  const options: Record<string, string> = { stop: stopNo, route: routeNo, ...(direction !== undefined ? { direction: direction.value } : {}) };
  return {
    label: say('button-leave', { routeNo }),
    command: { name: 'leave', options },
    effect: 'reply',
    ...(direction !== undefined ? { typed: typedWithWay('leave', [stopNo, routeNo], direction.name, say) } : {}),
  };
}

/** 🛤: the route drawn as a line with its buses, the rider's stop marked (/line). */
export function lineButton(stopNo: string, routeNo: string, say: Say): ReplyButton {
  return { label: say('button-line', { routeNo }), command: { name: 'line', options: { route: routeNo, stop: stopNo } }, effect: 'reply' };
}

/**
 * What a rider types for a button whose way is a button value ("w0"): the command in the chat's
 * words, its other words, then the way by name ("/prevenir 3017 95 vers Orléans").
 */
export function typedWithWay(command: CommandName, words: readonly string[], towards: string, say: Say): string {
  return [say('help-command-name', { command }), ...words, say('button-direction', { towards })].join(' ');
}
