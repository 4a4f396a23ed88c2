import type { ButtonAction } from '../../bot/reply.js';

// Telegram carries at most 64 bytes of callback_data per button. Actions are encoded as
// "<letter>:<stop>[:<route>]" (r = refresh, n = next, s = save-stop): "r:3017:95" is 9 bytes.
// Decoding trusts nothing: the data comes back from any client, possibly from an old version.

export const CALLBACK_DATA_MAX_BYTES = 64;

const STOP = /^[0-9A-Za-z]{1,10}$/;
const ROUTE = /^[0-9A-Za-z-]{1,8}$/;

/** The compact form, or undefined when the action cannot be carried in 64 bytes. */
export function encodeAction(action: ButtonAction): string | undefined {
  const parts: string[] = [action.type === 'refresh' ? 'r' : action.type === 'next' ? 'n' : 's', action.stopNo];
  if (action.type !== 'save-stop' && action.routeNo !== undefined) parts.push(action.routeNo);
  if (!STOP.test(action.stopNo) || (parts[2] !== undefined && !ROUTE.test(parts[2]))) return undefined;
  const data = parts.join(':');
  return Buffer.byteLength(data, 'utf8') <= CALLBACK_DATA_MAX_BYTES ? data : undefined;
}

/** The action a button asks for, or undefined for data this version does not understand. */
export function decodeAction(data: string | undefined): ButtonAction | undefined {
  if (data === undefined || data.length > CALLBACK_DATA_MAX_BYTES) return undefined;
  const [kind, stopNo, routeNo, extra] = data.split(':');
  if (stopNo === undefined || !STOP.test(stopNo) || extra !== undefined) return undefined;
  if (routeNo !== undefined && !ROUTE.test(routeNo)) return undefined;
  switch (kind) {
    case 'r':
      return routeNo === undefined ? { type: 'refresh', stopNo } : { type: 'refresh', stopNo, routeNo };
    case 'n':
      return routeNo === undefined ? { type: 'next', stopNo } : { type: 'next', stopNo, routeNo };
    case 's':
      return routeNo === undefined ? { type: 'save-stop', stopNo } : undefined;
    default:
      return undefined;
  }
}
