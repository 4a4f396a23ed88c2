// The one table of commands. The parser, /help, Telegram's setMyCommands and Discord's slash
// commands are all derived from it; adding a command starts here.

export type CommandName = 'start' | 'help' | 'next' | 'routes' | 'stop' | 'save' | 'stops' | 'lang';

/** What an argument holds; the parser validates each kind its own way. */
export type ArgKind = 'stop' | 'route' | 'stop-or-name' | 'language';

export interface ArgSpec {
  kind: ArgKind;
  required: boolean;
  /** Fluent id: the value is the argument's name, `.description` its explanation. */
  labelId: string;
}

export interface CommandSpec {
  name: CommandName;
  args: readonly ArgSpec[];
  /** Fluent id whose value is the usage line ("/next <stop> [route]"). */
  helpId: string;
  /** Fluent "id.attribute" of the one-line description shown in command menus. */
  descriptionId: string;
  /** What a rider can copy; shown by usage errors ("Try: /next 3017 95"). */
  example: string;
  /** Extra words after the arguments are ignored (Telegram deep links send "/start payload"). */
  ignoresExtraWords?: boolean;
}

const stop: ArgSpec = { kind: 'stop', required: true, labelId: 'arg-stop' };

export const COMMANDS: readonly CommandSpec[] = [
  { name: 'next', args: [stop, { kind: 'route', required: false, labelId: 'arg-route' }], helpId: 'command-next', descriptionId: 'command-next.description', example: '/next 3017 95' },
  { name: 'routes', args: [stop], helpId: 'command-routes', descriptionId: 'command-routes.description', example: '/routes 3017' },
  { name: 'stop', args: [{ kind: 'stop-or-name', required: true, labelId: 'arg-stop-or-name' }], helpId: 'command-stop', descriptionId: 'command-stop.description', example: '/stop 3017' },
  { name: 'save', args: [stop], helpId: 'command-save', descriptionId: 'command-save.description', example: '/save 3017' },
  { name: 'stops', args: [], helpId: 'command-stops', descriptionId: 'command-stops.description', example: '/stops', ignoresExtraWords: true },
  { name: 'lang', args: [{ kind: 'language', required: true, labelId: 'arg-language' }], helpId: 'command-lang', descriptionId: 'command-lang.description', example: '/lang fr' },
  { name: 'help', args: [], helpId: 'command-help', descriptionId: 'command-help.description', example: '/help', ignoresExtraWords: true },
  { name: 'start', args: [], helpId: 'command-start', descriptionId: 'command-start.description', example: '/start', ignoresExtraWords: true },
];

export function findCommand(name: string): CommandSpec | undefined {
  return COMMANDS.find((spec) => spec.name === name);
}

export function commandSpec(name: CommandName): CommandSpec {
  return findCommand(name)!;
}
