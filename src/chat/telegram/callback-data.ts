import { COMMAND_SPECS, type CommandRequest, type ReplyButton } from '../../core/index.js';
import { compact, expand } from '../button-values.js';

// Telegram carries at most 64 bytes of callback_data per button. A button is encoded as
// "2:<effect>:<command>:<value>..." with the values in the command's argument order
// ("2:u:next:3017:95" is 16 bytes); an option the request leaves out is an empty value, so a
// button carries the whole request ("2:r:subscribe:oc~3017:95:::5:0700-0900" is a "near" alert
// with no time). Times and windows travel without their colons ("0730", "0700-0900"), a list of
// days as its bits ("42" for mon,wed,fri), and are read back in the words riders type. Buttons sent by
// earlier versions ("r:3017:95", "n:3017", "s:3017", "2:u:next:3017") still work. Decoding trusts
// nothing: the data comes back from any client; the core checks the values again as it would
// typed text.

export const CALLBACK_DATA_MAX_BYTES = 64;

export type ButtonPress = Pick<ReplyButton, 'command' | 'effect'>;

// A value may name its feed ("sto:3000"): its ':' travels as '~', which no value holds itself.
const VALUE = /^[0-9A-Za-z._:,@-]{1,32}$/;
const CARRIED = /^[0-9A-Za-z._~,@-]{0,32}$/;
const carry = (value: string) => value.replaceAll(':', '~');
const uncarry = (part: string) => part.replaceAll('~', ':');
const EFFECTS = { u: 'update', r: 'reply', n: 'notice' } as const;
const LETTERS = { update: 'u', reply: 'r', notice: 'n' } as const;

/** The compact form, or undefined when the button cannot be carried in 64 bytes. */
export function encodeButton(button: ButtonPress): string | undefined {
  const spec = COMMAND_SPECS.find((s) => s.name === button.command.name);
  if (spec === undefined) return undefined;
  const values: string[] = [];
  for (const arg of spec.args) {
    const value = button.command.options[arg.name];
    if (value === undefined) {
      values.push('');
      continue;
    }
    const compacted = compact(arg.kind, value);
    if (!VALUE.test(compacted)) return undefined;
    values.push(carry(compacted));
  }
  while (values.at(-1) === '') values.pop();
  const data = ['2', LETTERS[button.effect], spec.name, ...values].join(':');
  return Buffer.byteLength(data, 'utf8') <= CALLBACK_DATA_MAX_BYTES ? data : undefined;
}

/** What a pressed button asks for, or undefined for data this version does not understand. */
export function decodeButton(data: unknown): ButtonPress | undefined {
  if (typeof data !== 'string' || data.length > CALLBACK_DATA_MAX_BYTES) return undefined;
  const parts = data.split(':');
  if (parts.some((part) => !CARRIED.test(part))) return undefined;
  const values = parts.map(uncarry);
  return values[0] === '2' ? decodeCurrent(values.slice(1)) : decodeLegacy(values);
}

function decodeCurrent([letter, name, ...values]: string[]): ButtonPress | undefined {
  const effect = letter !== undefined && Object.hasOwn(EFFECTS, letter) ? EFFECTS[letter as keyof typeof EFFECTS] : undefined;
  const spec = COMMAND_SPECS.find((s) => s.name === name);
  if (effect === undefined || spec === undefined || values.length > spec.args.length) return undefined;
  const options: Record<string, string> = {};
  values.forEach((value, i) => {
    const arg = spec.args[i]!;
    if (value !== '') options[arg.name] = expand(arg.kind, value);
  });
  return { effect, command: { name: spec.name, options } };
}

function decodeLegacy([kind, stop, route, ...extra]: string[]): ButtonPress | undefined {
  if (stop === undefined || stop === '' || route === '' || extra.length > 0) return undefined;
  const next = (effect: ButtonPress['effect']): ButtonPress => ({ effect, command: nextRequest(stop, route) });
  if (kind === 'r') return next('update');
  if (kind === 'n') return next('reply');
  if (kind === 's' && route === undefined) return { effect: 'notice', command: { name: 'save', options: { stop } } };
  return undefined;
}

function nextRequest(stop: string, route: string | undefined): CommandRequest {
  return { name: 'next', options: route === undefined ? { stop } : { stop, route } };
}
