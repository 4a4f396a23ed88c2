import type { CommandRequest } from './command-request.js';
import { findCommand } from './commands/index.js';

/** The command a request stands for, as a rider would type it ("/next 3017 95"), in words its command reads back as the same request. */
export function commandAsText(request: CommandRequest): string {
  const command = findCommand(request.name);
  if (command?.optionsToWords !== undefined) return [`/${request.name}`, ...command.optionsToWords(request.options)].join(' ');
  const args = command?.spec.args ?? [];
  const values = args.map((arg) => request.options[arg.name]).filter((value): value is string => value !== undefined);
  return [`/${request.name}`, ...values].join(' ');
}
