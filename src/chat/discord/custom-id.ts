import { COMMAND_SPECS, type CommandName, type CommandRequest, type ReplyButton } from '../../core/index.js';
import { compact, expand } from '../button-values.js';

// A Discord button carries at most 100 characters of custom_id, and it comes back from the client
// when pressed. A button is encoded as "b1:<effect>:<command>?<options as a query string>"
// ("b1:u:next?stop=3017&route=95" is 28 characters), times, windows and days compact as
// button-values.ts writes them. Decoding trusts nothing: the command must be
// one of the table's, and the core checks the values again as it would typed text.

/** Every command of the table, those hidden from the menus included: buttons are how riders reach those (🔔 is notify). */
const BUTTON_COMMANDS: ReadonlySet<string> = new Set(COMMAND_SPECS.map((spec) => spec.name));

export const CUSTOM_ID_MAX_CHARS = 100;

export type ButtonPress = Pick<ReplyButton, 'command' | 'effect'>;

const PREFIX = 'b1';
const EFFECTS = { u: 'update', r: 'reply', n: 'notice' } as const;
const LETTERS = { update: 'u', reply: 'r', notice: 'n' } as const;
const FORM = /^b1:([urn]):([a-z]{1,32})(?:\?(.*))?$/s;

/** The custom_id of a button, or undefined when it does not fit in 100 characters. */
export function encodeButton(button: ButtonPress): string | undefined {
  if (!BUTTON_COMMANDS.has(button.command.name)) return undefined;
  // ':' and ',' need no escape in a query: "stop=oc:3017&days=mon,wed,fri" leaves room for longer ids.
  const kinds = new Map(COMMAND_SPECS.find((spec) => spec.name === button.command.name)?.args.map((arg) => [arg.name, arg.kind]));
  const values = Object.entries(button.command.options).map(([name, value]): [string, string] => [
    name,
    kinds.has(name) ? compact(kinds.get(name)!, value) : value,
  ]);
  const query = new URLSearchParams(values).toString().replaceAll('%3A', ':').replaceAll('%2C', ',');
  const id = `${PREFIX}:${LETTERS[button.effect]}:${button.command.name}${query === '' ? '' : `?${query}`}`;
  return id.length <= CUSTOM_ID_MAX_CHARS ? id : undefined;
}

/** What a pressed button asks for, or undefined for an id this version does not understand. */
export function decodeButton(customId: unknown): ButtonPress | undefined {
  if (typeof customId !== 'string' || customId.length > CUSTOM_ID_MAX_CHARS) return undefined;
  const match = FORM.exec(customId);
  if (match === null || !BUTTON_COMMANDS.has(match[2]!)) return undefined;
  const options: Record<string, string> = {};
  // A key given twice is a forged id: refuse it rather than guess which one was meant.
  for (const [key, value] of new URLSearchParams(match[3] ?? '')) {
    if (Object.hasOwn(options, key)) return undefined;
    options[key] = value;
  }
  const spec = COMMAND_SPECS.find((s) => s.name === match[2]);
  for (const arg of spec?.args ?? []) if (Object.hasOwn(options, arg.name)) options[arg.name] = expand(arg.kind, options[arg.name]!);
  const command: CommandRequest = { name: match[2] as CommandName, options };
  return { effect: EFFECTS[match[1] as keyof typeof EFFECTS], command };
}
