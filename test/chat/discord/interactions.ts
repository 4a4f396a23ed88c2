// Interactions as Discord's gateway sends them (INTERACTION_CREATE), for the riders of the tests:
// slash commands, autocomplete and button presses, in a server channel or a DM, in any locale.
import type { APIEmbed } from 'discord.js';
import { APPLICATION_ID, messagePayload, snowflake, type FakeGuild, type InteractionPayload, type StoredMessage } from './fake-discord.js';

export interface Rider {
  id: string;
  username: string;
  locale: string;
}

export const ALICE: Rider = { id: '1300000000000000201', username: 'alice', locale: 'en-US' };
export const BENOIT: Rider = { id: '1300000000000000202', username: 'benoit', locale: 'fr' };
export const GUILD: FakeGuild = { id: '1300000000000000301', name: 'Riders <&> friends', channelId: '1300000000000000302' };

/** Where the rider is: a server's channel, or a DM with the bot. */
export type Place = { guild: FakeGuild } | 'dm';

let tokens = 0;

function base(type: number, rider: Rider, place: Place, data: Record<string, unknown>): InteractionPayload {
  const user = { id: rider.id, username: rider.username, discriminator: '0', global_name: rider.username, avatar: null };
  const inGuild = place !== 'dm';
  const channelId = inGuild ? place.guild.channelId : `13000000000009${rider.id.slice(-5)}`;
  return {
    id: snowflake(),
    application_id: APPLICATION_ID,
    type,
    token: `interaction-token-${++tokens}-${'x'.repeat(40)}`,
    version: 1,
    data,
    channel_id: channelId,
    channel: inGuild ? { id: channelId, type: 0, guild_id: place.guild.id, name: 'buses' } : { id: channelId, type: 1, recipients: [user] },
    locale: rider.locale,
    app_permissions: '2248473465835073',
    entitlements: [],
    authorizing_integration_owners: inGuild ? { '0': place.guild.id } : { '1': rider.id },
    context: inGuild ? 0 : 1,
    ...(inGuild
      ? {
          guild_id: place.guild.id,
          guild_locale: 'en-US',
          member: {
            user,
            roles: [],
            joined_at: new Date().toISOString(),
            deaf: false,
            mute: false,
            flags: 0,
            permissions: '1071698660929',
            nick: null,
            avatar: null,
          },
        }
      : { user }),
  };
}

/** A slash command with string options. */
export function slash(name: string, options: Record<string, string>, rider: Rider = ALICE, place: Place = { guild: GUILD }): InteractionPayload {
  return base(2, rider, place, {
    id: snowflake(),
    name,
    type: 1,
    options: Object.entries(options).map(([option, value]) => ({ name: option, type: 3, value })),
  });
}

/** Autocomplete while `focused` is typed, the other options already filled. */
export function autocomplete(
  name: string,
  focused: string,
  typed: string,
  others: Record<string, string> = {},
  rider: Rider = ALICE,
  place: Place = { guild: GUILD },
): InteractionPayload {
  return base(4, rider, place, {
    id: snowflake(),
    name,
    type: 1,
    options: [
      ...Object.entries(others).map(([option, value]) => ({ name: option, type: 3, value })),
      { name: focused, type: 3, value: typed, focused: true },
    ],
  });
}

/** A press on a button under `message` (a message the bot sent earlier). */
export function press(customId: string, message: StoredMessage, rider: Rider = ALICE, place: Place = { guild: GUILD }): InteractionPayload {
  return { ...base(3, rider, place, { custom_id: customId, component_type: 2 }), message: messagePayload(message) };
}

/** The custom ids of the buttons under a message, row by row. */
export function customIds(message: StoredMessage | undefined): string[][] {
  return (message?.components ?? []).map((row) => row.components.flatMap((b) => ('custom_id' in b ? [b.custom_id] : [])));
}

/** The one embed of a message the bot sent (every answer has exactly one). */
export function embedOf(message: StoredMessage | undefined): APIEmbed {
  const embed = message?.embeds[0];
  if (embed === undefined) throw new Error(`no embed in ${JSON.stringify(message)}`);
  return embed;
}
