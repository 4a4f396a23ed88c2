import { InteractionResponseType, InteractionType, MessageFlags, Routes, type Client, type REST } from 'discord.js';
import type { BotCore } from '../../bot/core.js';
import { localeFromCode } from '../../bot/i18n.js';
import type { Logger } from '../../log.js';
import { attempt } from '../../util/attempt.js';
import { describeError, type Redact } from './describe-error.js';

// discord.js turns each INTERACTION_CREATE payload into an interaction object inside its gateway
// handler, before any listener of ours runs. A payload it cannot read (options that are not a
// list, neither member nor user, permissions that are no number, a button press without its
// message) throws there, and the throw surfaces as an unhandled rejection that ends the process:
// Telegram and the alerts with it. So the build is wrapped: such an interaction is dropped with
// one log line, and answered (privately, or with no choices) when it carries an id and a token.

interface InteractionBuilder {
  handle(payload: unknown): unknown;
}

/**
 * Wraps discord.js's interaction build (an internal: `client.actions.InteractionCreate`, stable
 * across v14) so that a throw reaches `onUnreadable` instead. False when this discord.js has no
 * such internal: the caller says so, and the tests of malformed interactions fail.
 */
export function guardInteractionBuilds(client: Client, onUnreadable: (payload: unknown, err: unknown) => void): boolean {
  const builder = attempt(
    () => (client as unknown as { actions?: { InteractionCreate?: InteractionBuilder } }).actions?.InteractionCreate,
    undefined,
  );
  if (typeof builder?.handle !== 'function') return false;
  const build = builder.handle.bind(builder);
  builder.handle = (payload) => {
    try {
      return build(payload);
    } catch (err) {
      onUnreadable(payload, err);
      return undefined;
    }
  };
  return true;
}

const SNOWFLAKE = /^[0-9]{17,20}$/;
/** What an interaction token looks like; anything else could steer the callback's path elsewhere. */
const TOKEN_FORM = /^[\w.-]{1,1000}$/;

export interface UnreadableDeps {
  core: Pick<BotCore, 't'>;
  logger: Logger;
  redact: Redact;
  /** The gateway client's REST: interaction callbacks need no bot token and count against no limit. */
  rest: REST;
}

/**
 * Logs an interaction discord.js could not read and answers it when it can: an autocomplete with
 * no choices, anything else with the apology only the asker sees, in their Discord language (the
 * chat cannot be placed, so a /lang choice is not known). Never throws; resolves once answered.
 */
export async function answerUnreadable(payload: unknown, err: unknown, deps: UnreadableDeps): Promise<void> {
  const read = (key: string): unknown => attempt(() => (payload as Record<string, unknown>)[key], undefined);
  const id = read('id');
  const token = read('token');
  const type = read('type');
  deps.logger.warn(
    {
      interaction: { id: typeof id === 'string' ? id.slice(0, 20) : typeof id, type: typeof type === 'number' ? type : typeof type },
      error: describeError(err, deps.redact),
    },
    'interaction that discord.js could not read; dropped',
  );
  if (typeof id !== 'string' || !SNOWFLAKE.test(id) || typeof token !== 'string' || !TOKEN_FORM.test(token)) return;
  const body =
    type === InteractionType.ApplicationCommandAutocomplete
      ? { type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } }
      : {
          type: InteractionResponseType.ChannelMessageWithSource,
          data: { content: deps.core.t(localeFromCode(read('locale')), 'error-internal'), flags: MessageFlags.Ephemeral },
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
