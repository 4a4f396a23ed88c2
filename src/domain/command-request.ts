/** Every command the core runs; the command table holds one module per name. */
export type CommandName =
  | 'start'
  | 'help'
  | 'next'
  | 'routes'
  | 'stop'
  | 'save'
  | 'saved'
  | 'unsave'
  | 'subscribe'
  | 'subs'
  | 'unsubscribe'
  | 'pause'
  | 'resume'
  | 'timezone'
  | 'notify'
  | 'disruptions'
  | 'disruptionspage'
  | 'disruption'
  | 'ghost'
  | 'where'
  | 'live'
  | 'line'
  | 'linelive'
  | 'lang'
  | 'reliability'
  | 'place'
  | 'walk'
  | 'leave'
  | 'track'
  | 'off';

/**
 * A command as structured data: how slash commands, buttons, inline queries and scheduled pushes
 * enter the core. Typed text becomes one of these too, so every entry runs the same code. Option
 * names are the command's argument names in the table ("stop", "route").
 */
export interface CommandRequest {
  name: CommandName;
  options: Readonly<Record<string, string>>;
}
