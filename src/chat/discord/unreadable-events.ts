import { InteractionResponseType, InteractionType, MessageFlags, Routes, type Client, type REST } from 'discord.js';
import { localeFromCode, type Speaking } from '../../core/index.js';
import type { Logger } from '../../log.js';
import { attempt } from '../../util/attempt.js';
import { describeError, type Redact } from './describe-error.js';

// discord.js turns each gateway event into its objects (an interaction, a channel, a server)
// inside its gateway handler, before any listener of ours runs. A payload it cannot read (an
// interaction's options that are not a list, neither member nor user, permissions that are no
// number, a button press without its message; a channel or server event just as odd) throws
// there, and the throw surfaces as an unhandled rejection that ends the process: Telegram and
// the alerts with it. So the handling of each event is wrapped: one it cannot read is dropped
// with one log line, and an interaction answered when it carries an id and a token.

interface PacketHandler {
  handlePacket(packet?: unknown, shard?: unknown): unknown;
}

/**
 * Wraps discord.js's handling of gateway events (an internal: `client.ws.handlePacket`, stable
 * across v14) so that a throw reaches `onUnreadable` instead. False when this discord.js has no
 * such internal: the caller says so, and the tests of unreadable events fail.
 */
export function guardGatewayEvents(client: Client, onUnreadable: (packet: unknown, err: unknown) => void): boolean {
  const ws = client.ws as unknown as Partial<PacketHandler>;
  if (typeof ws.handlePacket !== 'function') return false;
  const handle = ws.handlePacket.bind(ws);
  ws.handlePacket = (packet, shard) => {
    try {
      return handle(packet, shard);
    } catch (err) {
      onUnreadable(packet, err);
      return true;
    }
  };
  return true;
}

const SNOWFLAKE = /^[0-9]{17,20}$/;
/** What an interaction token looks like; anything else could steer the callback's path elsewhere. */
const TOKEN_FORM = /^[\w.-]{1,1000}$/;

export interface UnreadableDeps {
  core: Pick<Speaking, 't'>;
  logger: Logger;
  redact: Redact;
  /** The gateway client's REST: interaction callbacks need no bot token and count against no limit. */
  rest: REST;
}

/**
 * Logs a gateway event discord.js could not read, and answers it when it is an interaction that
 * can be answered: an autocomplete with no choices, anything else with the apology only the asker
 * sees, in their Discord language (the chat cannot be placed, so a /lang choice is not known).
 * Never throws; resolves once answered.
 */
export async function dropUnreadable(packet: unknown, err: unknown, deps: UnreadableDeps): Promise<void> {
  const read = (from: unknown, key: string): unknown => attempt(() => (from as Record<string, unknown>)[key], undefined);
  const event = read(packet, 't');
  const error = describeError(err, deps.redact);
  if (event !== 'INTERACTION_CREATE') {
    deps.logger.warn(
      { event: typeof event === 'string' ? event.slice(0, 40) : typeof event, error },
      'gateway event that discord.js could not read; dropped',
    );
    return;
  }
  const interaction = read(packet, 'd');
  const [id, token, type] = ['id', 'token', 'type'].map((key) => read(interaction, key));
  deps.logger.warn(
    { interaction: { id: typeof id === 'string' ? id.slice(0, 20) : typeof id, type: typeof type === 'number' ? type : typeof type }, error },
    'interaction that discord.js could not read; dropped',
  );
  if (typeof id !== 'string' || !SNOWFLAKE.test(id) || typeof token !== 'string' || !TOKEN_FORM.test(token)) return;
  const body =
    type === InteractionType.ApplicationCommandAutocomplete
      ? { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } }
      : {
          type: InteractionResponseType.ChannelMessageWithSource,
          data: { content: deps.core.t(localeFromCode(read(interaction, 'locale')), 'error-internal'), flags: MessageFlags.Ephemeral },
        };
  try {
    await deps.rest.post(Routes.interactionCallback(id, token), { body, auth: false });
  } catch (second) {
    deps.logger.warn(
      { interaction: { id }, error: describeError(second, deps.redact) },
      'could not answer the interaction discord.js could not read',
    );
  }
}
