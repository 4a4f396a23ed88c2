import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_SPECS } from '../../../src/core/index.js';
import { createTranslator } from '../../../src/core/i18n.js';
import { packageLanguages } from '../../../src/core/languages/package-languages.js';
import { BOT_PERMISSIONS, deployCommands, deployFailure, inviteUrl } from '../../../src/chat/discord/deploy.js';
import { createRest, slashCommands } from '../../../src/chat/discord/index.js';
import { APPLICATION_ID, startFakeDiscord, type FakeDiscord } from './fake-discord.js';
import { TOKEN } from './harness.js';
import { PROJECT_ROOT } from '../../main/run-bot.js';
import { builtProgram } from '../../support/build-dist.js';

const SERVER = '1300000000000000301';

/** `npm run discord:deploy` as an operator runs it (the built entry: test/support/build-dist.ts), with only these variables. */
function deploy(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [builtProgram('chat/discord/deploy-cli.ts')], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('deploying the slash commands', () => {
  let discord: FakeDiscord;
  const commands = slashCommands(MENU_SPECS, createTranslator(packageLanguages()), packageLanguages());
  beforeAll(async () => {
    discord = await startFakeDiscord({ token: TOKEN });
  });
  afterAll(() => discord.close());

  it('registers every command of the table to one server, or globally', async () => {
    const rest = createRest(TOKEN, { apiRoot: discord.apiRoot });
    const toServer = await deployCommands(rest, commands, SERVER);
    expect(toServer).toEqual({
      applicationId: APPLICATION_ID,
      guildId: SERVER,
      registered: MENU_SPECS.map((s) => s.name),
      inviteUrl: inviteUrl(APPLICATION_ID),
    });
    const put = await discord.waitForCall('PUT', new RegExp(`^/applications/${APPLICATION_ID}/guilds/${SERVER}/commands$`));
    expect(put.body).toEqual(commands);
    expect(put.auth).toBe(`Bot ${TOKEN}`);

    const global = await deployCommands(rest, commands);
    expect(global.guildId).toBeUndefined();
    expect(discord.callsTo('PUT', new RegExp(`^/applications/${APPLICATION_ID}/commands$`))).toHaveLength(1);
  });

  it('invites the bot with its commands and only the permissions it uses', () => {
    const url = new URL(inviteUrl(APPLICATION_ID));
    expect(url.origin + url.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(url.searchParams.get('client_id')).toBe(APPLICATION_ID);
    expect(url.searchParams.get('scope')).toBe('bot applications.commands');
    // View Channel, Send Messages, Embed Links, Send Messages in Threads.
    expect(BOT_PERMISSIONS).toBe(1024n + 2048n + 16384n + 274877906944n);
    expect(url.searchParams.get('permissions')).toBe('274877926400');
  });

  it('npm run discord:deploy registers to DISCORD_GUILD_ID and prints the invite link', async () => {
    const run = await deploy({ DISCORD_TOKEN: TOKEN, DISCORD_API_ROOT: discord.apiRoot, DISCORD_GUILD_ID: SERVER });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `Registered ${MENU_SPECS.length} commands in server ${SERVER} (usable at once): ${MENU_SPECS.map((s) => `/${s.name}`).join(' ')}\n` +
        `Invite the bot to a server: ${inviteUrl(APPLICATION_ID)}\n`,
    );
  });

  it('npm run discord:deploy says plainly, without the token, that Discord refused the token', async () => {
    const wrong = 'MTIz.wrong.token-that-is-not-the-fakes';
    const refused = await deploy({ DISCORD_TOKEN: wrong, DISCORD_API_ROOT: discord.apiRoot });
    expect([refused.code, refused.stdout, refused.stderr]).toEqual([
      1,
      '',
      'discord:deploy: Discord refused the bot token (401): check DISCORD_TOKEN\n',
    ]);
  });

  it('names the server when Discord refuses the commands there, and never quotes the token', async () => {
    const rest = createRest(TOKEN, { apiRoot: discord.apiRoot });
    const failure = async (failure: { status: number; body?: Record<string, unknown> }, guildId?: string) => {
      discord.failNext('PUT', /\/commands$/, failure);
      return deployFailure(
        await deployCommands(rest, commands, guildId).then(
          () => undefined,
          (err: unknown) => err,
        ),
        guildId,
      );
    };
    expect(await failure({ status: 403, body: { message: 'Missing Access', code: 50001 } }, SERVER)).toBe(
      `Discord refused the commands for server ${SERVER} (50001): invite the bot there first, or check DISCORD_GUILD_ID`,
    );
    expect(await failure({ status: 404, body: { message: 'Unknown Guild', code: 10004 } }, SERVER)).toBe(
      `Discord knows no server ${SERVER}: check DISCORD_GUILD_ID`,
    );
    expect(await failure({ status: 400, body: { message: 'Invalid Form Body', code: 50035 } })).toBe(
      'Discord refused the commands (400 50035): Invalid Form Body',
    );
    expect(deployFailure(new Error('connect ECONNREFUSED 127.0.0.1:9'), undefined)).toBe('could not reach Discord: connect ECONNREFUSED 127.0.0.1:9');
    expect(deployFailure('odd', undefined)).toBe('could not reach Discord: unknown error');
  });
});
