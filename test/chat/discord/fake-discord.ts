// A stand-in for discord.com on 127.0.0.1: the parts of the REST API (v10) and of the gateway
// that discord.js and the bot use. REST: GET /gateway/bot, the application, command registration,
// interaction callbacks and the webhook routes that edit, delete and follow up their replies,
// channel messages (sent, read and edited; a repeated nonce with enforce_nonce answered with the
// earlier message), DM channels. Gateway (a WebSocket on the same port): hello, identify with
// token and shard checks, ready, guild create, heartbeats and their acks, resume, and interaction
// create dispatched to the shard that owns the guild. Every REST call is recorded; failures can be
// scheduled once (failNext) or for good (refuse), as Discord's JSON errors with their headers.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { APIEmbed } from 'discord.js';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { ButtonRow } from '../../../src/chat/discord/render.js';

export const APPLICATION_ID = '1300000000000000001';
export const BOT_USER = { id: APPLICATION_ID, username: 'arrivals', discriminator: '0', global_name: 'Arrivals', avatar: null, bot: true, flags: 0 };

/** A message as the bot sends it (create, edit, follow-up, or a callback's data). */
export interface MessageBody {
  content?: string;
  embeds?: APIEmbed[];
  components?: ButtonRow[];
  flags?: number;
  allowed_mentions?: { parse?: string[] };
  /** Up to 25 characters; with enforce_nonce, a nonce used again within minutes makes no new message. */
  nonce?: string | number;
  enforce_nonce?: boolean;
}

/** Any JSON body the bot sends; each route reads the fields it knows. */
export interface RestBody extends MessageBody {
  /** Interaction callbacks: 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 autocomplete. */
  type?: number;
  data?: MessageBody & { choices?: Array<{ name: string; value: string }> };
  recipient_id?: string;
}

export interface RestCall {
  method: string;
  /** The route after /api/v10, without the query ("/channels/123/messages"). */
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body (an array for command registration; a multipart body's payload_json). */
  body: RestBody;
  /** The files a multipart body uploaded (a /line picture), by their form field ("files[0]"). */
  files?: UploadedFile[];
  /** The Authorization header as sent (absent on interaction routes). */
  auth?: string;
  status: number;
  /** What the fake answered (undefined for 204). */
  answer?: unknown;
  /** When it arrived: performance.now() of this process, for latencies. */
  at: number;
}

/** A file uploaded with a message: its form field, its file name and bytes. */
export interface UploadedFile {
  field: string;
  filename: string;
  data: Buffer;
}

export interface Failure {
  status: number;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export interface FakeGuild {
  id: string;
  name: string;
  channelId: string;
}

interface MessageVersion {
  content: string;
  embeds: APIEmbed[];
  components: ButtonRow[];
  flags: number;
  /** The files it carries (an embed's image names one "attachment://<filename>"). */
  attachments?: Array<{ filename: string; data: Buffer }>;
}

export interface StoredMessage extends MessageVersion {
  id: string;
  channel_id: string;
  /** Every version it had, oldest first (edits append). */
  history: MessageVersion[];
  nonce?: string;
}

/** What the fake needs of an INTERACTION_CREATE payload; the rest goes to discord.js as given. */
export interface InteractionPayload {
  id: string;
  token: string;
  channel_id?: string;
  guild_id?: string;
  message?: { id: string };
  [field: string]: unknown;
}

interface GatewayPayload {
  op?: number;
  d?: { token?: string; intents?: number; shard?: [number, number]; seq?: number } | null;
}

export interface FakeDiscord {
  /** The REST base to give discord.js (it appends /v10). */
  apiRoot: string;
  token: string;
  guilds: FakeGuild[];
  calls: RestCall[];
  callsTo(method: string, path: RegExp): RestCall[];
  /** The first recorded call (past or future) that matches; rejects after `guardMs`. */
  waitForCall(method: string, path: RegExp, match?: (call: RestCall) => boolean, guardMs?: number): Promise<RestCall>;
  /** The next call matching method and path gets this answer instead (once per failNext). */
  failNext(method: string, path: RegExp, failure: Failure): void;
  /** Every call matching method and path gets this answer from now on. */
  refuse(method: string, path: RegExp, failure: Failure): void;
  /** Forgets every refuse(). */
  clearRefusals(): void;
  /** Calls matching method and path are answered this many ms late. */
  delay(method: string, path: RegExp, ms: number): void;
  /** Dispatches INTERACTION_CREATE to the shard owning its guild (shard 0 for DMs); returns its token. */
  interact(interaction: InteractionPayload): string;
  /** Dispatches any gateway event, as given, to the shard owning `guildId` (shard 0 without one). */
  dispatch(event: string, data: unknown, guildId?: string): void;
  /** The reply an interaction's token owns (its original message), if any. */
  original(token: string): StoredMessage | undefined;
  /** Follow-up messages sent with an interaction's token, in order. */
  followUps(token: string): StoredMessage[];
  messages: Map<string, StoredMessage>;
  /** Channel messages posted with a nonce used there within minutes (and enforce_nonce): answered with the earlier message, none created. */
  repeatedNonces: Array<{ channelId: string; nonce: string; messageId: string }>;
  /** Identify payloads received, in order. */
  identifies: Array<{ token: string; intents: number; shard?: [number, number] }>;
  heartbeats(): number;
  /** Resolves once every shard has identified and received its guilds. */
  ready(guardMs?: number): Promise<void>;
  /** Closes every gateway connection with this code (4004, 4014: not resumable). */
  closeGateway(code: number, reason?: string): void;
  openSockets(): number;
  close(): Promise<void>;
}

export interface FakeDiscordOptions {
  token: string;
  guilds?: FakeGuild[];
  /** What GET /gateway/bot recommends. */
  shards?: number;
  heartbeatIntervalMs?: number;
  /** Shards that may identify together (large bots get 16); discord.js waits 5 s between the others. */
  maxConcurrency?: number;
}

let nextId = 1_300_000_000_000_100_000n;
/** Discord checks a nonce "in the past few minutes". */
const NONCE_WINDOW_MS = 5 * 60_000;
export const snowflake = () => String(nextId++);

const unknownInteraction = { status: 404, body: { message: 'Unknown interaction', code: 10062 } };
const alreadyAcknowledged = { status: 400, body: { message: 'Interaction has already been acknowledged.', code: 40060 } };

export async function startFakeDiscord(options: FakeDiscordOptions): Promise<FakeDiscord> {
  const { token } = options;
  const guilds = options.guilds ?? [];
  const shardCount = options.shards ?? 1;
  const calls: RestCall[] = [];
  const events = new EventEmitter();
  events.setMaxListeners(100);
  const once: Array<{ method: string; path: RegExp; failure: Failure }> = [];
  const always: Array<{ method: string; path: RegExp; failure: Failure }> = [];
  const delays: Array<{ method: string; path: RegExp; ms: number }> = [];
  const messages = new Map<string, StoredMessage>();
  const originals = new Map<string, string>();
  const followUps = new Map<string, string[]>();
  /** Interaction tokens -> what was asked (for callbacks: the component's message, acknowledged or not). */
  const interactions = new Map<string, { id: string; acknowledged: boolean; messageId?: string; channelId: string }>();
  const dmChannels = new Map<string, string>();
  /** "<channel> <nonce>" -> the message it made and when (the bot is the only author). */
  const nonces = new Map<string, { messageId: string; at: number }>();
  const repeatedNonces: FakeDiscord['repeatedNonces'] = [];
  const identifies: FakeDiscord['identifies'] = [];
  const sessions = new Map<WebSocket, { shard: [number, number]; seq: number; ready: boolean }>();
  let heartbeats = 0;

  // The files a body leaves the message with: those it uploads (named by `attachments`, ids "0".. for
  // files[0]..), else those it had (Discord keeps them when `attachments` is not given).
  let uploading: UploadedFile[] = [];
  type Attachments = NonNullable<MessageVersion['attachments']>;
  const attachmentsOf = (data: MessageBody | undefined, had: Attachments): Attachments => {
    const named = (data as { attachments?: Array<{ id: string | number; filename?: string }> } | undefined)?.attachments;
    if (!Array.isArray(named)) return uploading.length > 0 ? uploading.map((f) => ({ filename: f.filename, data: f.data })) : had;
    return named.flatMap((a) => {
      const file = uploading.find((f) => f.field === `files[${String(a.id)}]`);
      return file !== undefined ? [{ filename: a.filename ?? file.filename, data: file.data }] : had.filter((h) => h.filename === a.filename);
    });
  };
  const storeMessage = (channelId: string, data: MessageBody | undefined, id = snowflake()): StoredMessage => {
    const version = {
      content: data?.content ?? '',
      embeds: data?.embeds ?? [],
      components: data?.components ?? [],
      flags: data?.flags ?? 0,
      attachments: attachmentsOf(data, []),
    };
    const message: StoredMessage = { id, channel_id: channelId, ...version, history: [version] };
    messages.set(id, message);
    return message;
  };
  const editMessage = (message: StoredMessage, data: MessageBody | undefined) => {
    const version = {
      content: data?.content ?? message.content,
      embeds: data?.embeds ?? message.embeds,
      components: data?.components ?? message.components,
      flags: message.flags & ~128,
      attachments: attachmentsOf(data, message.attachments ?? []),
    };
    Object.assign(message, version);
    message.history.push(version);
  };
  const messageJson = messagePayload;
  const withUploads = <T>(files: UploadedFile[], answer: () => T): T => {
    uploading = files;
    try {
      return answer();
    } finally {
      uploading = [];
    }
  };

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: RestBody,
    auth: string | undefined,
  ): { status: number; body?: unknown } {
    const authorised = auth === `Bot ${token}`;
    const unauthorised = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
    let m: RegExpExecArray | null;

    if ((m = /^\/interactions\/(\d+)\/([^/]+)\/callback$/.exec(path)) && method === 'POST') {
      const interaction = interactions.get(m[2]!);
      if (interaction === undefined || interaction.id !== m[1]) return unknownInteraction;
      if (interaction.acknowledged) return alreadyAcknowledged;
      interaction.acknowledged = true;
      const data = body?.data ?? {};
      switch (body?.type) {
        case 4: // reply
          originals.set(m[2]!, storeMessage(interaction.channelId, data).id);
          break;
        case 5: // deferred reply: a "thinking" message, ephemeral when asked
          originals.set(m[2]!, storeMessage(interaction.channelId, { flags: 128 | ((data.flags ?? 0) & 64) }).id);
          break;
        case 6: // deferred update of the component's message
          if (interaction.messageId !== undefined) originals.set(m[2]!, interaction.messageId);
          break;
        case 7: {
          const message = interaction.messageId !== undefined ? messages.get(interaction.messageId) : undefined;
          if (message === undefined) return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
          editMessage(message, data);
          originals.set(m[2]!, message.id);
          break;
        }
        case 8: // autocomplete result
          break;
        default:
          return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
      }
      if (query.with_response === 'true') {
        const original = originals.get(m[2]!);
        return {
          status: 200,
          body: {
            interaction: { id: interaction.id, type: 2 },
            ...(original ? { resource: { type: body?.type, message: messageJson(messages.get(original)!) } } : {}),
          },
        };
      }
      return { status: 204 };
    }

    if ((m = /^\/webhooks\/(\d+)\/([^/]+)(\/messages\/(@original|\d+))?$/.exec(path))) {
      const [, appId, itoken, , which] = m;
      if (appId !== APPLICATION_ID || !interactions.has(itoken!)) return unknownInteraction;
      const channelId = interactions.get(itoken!)!.channelId;
      if (which === undefined && method === 'POST') {
        const message = storeMessage(channelId, body);
        followUps.set(itoken!, [...(followUps.get(itoken!) ?? []), message.id]);
        return { status: 200, body: messageJson(message) };
      }
      const id = which === '@original' ? originals.get(itoken!) : which;
      const message = id !== undefined ? messages.get(id) : undefined;
      if (message === undefined) return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      if (method === 'PATCH') {
        editMessage(message, body);
        return { status: 200, body: messageJson(message) };
      }
      if (method === 'DELETE') {
        messages.delete(message.id);
        if (which === '@original') originals.delete(itoken!);
        return { status: 204 };
      }
      if (method === 'GET') return { status: 200, body: messageJson(message) };
    }

    if (!authorised) return unauthorised;

    if (path === '/gateway/bot' && method === 'GET') {
      return {
        status: 200,
        body: {
          url: gatewayUrl,
          shards: shardCount,
          session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: options.maxConcurrency ?? 1 },
        },
      };
    }
    if (path === '/applications/@me' && method === 'GET') {
      return {
        status: 200,
        body: { id: APPLICATION_ID, name: 'Arrivals', description: '', bot_public: true, bot_require_code_grant: false, flags: 0, bot: BOT_USER },
      };
    }
    if ((m = /^\/applications\/(\d+)(\/guilds\/(\d+))?\/commands$/.exec(path)) && method === 'PUT') {
      if (m[1] !== APPLICATION_ID) return { status: 403, body: { message: 'Missing Access', code: 50001 } };
      const list: unknown[] = Array.isArray(body) ? body : [];
      const guildId = m[3];
      return {
        status: 200,
        body: list.map((c) => ({
          ...(c as object),
          id: snowflake(),
          application_id: APPLICATION_ID,
          version: snowflake(),
          ...(guildId ? { guild_id: guildId } : {}),
        })),
      };
    }
    if ((m = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(path)) && (method === 'PATCH' || method === 'GET')) {
      // The bot's own message in a channel (a reply to an interaction included), edited by the bot.
      const message = messages.get(m[2]!);
      if (message === undefined || message.channel_id !== m[1]) return { status: 404, body: { message: 'Unknown Message', code: 10008 } };
      if (method === 'PATCH') editMessage(message, body);
      return { status: 200, body: messageJson(message) };
    }
    if ((m = /^\/channels\/(\d+)\/messages$/.exec(path)) && method === 'POST') {
      const channelId = m[1]!;
      if (body?.nonce === undefined) return { status: 200, body: messageJson(storeMessage(channelId, body)) };
      const nonce = String(body.nonce);
      if (nonce.length > 25) return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
      const earlier = nonces.get(`${channelId} ${nonce}`);
      const message = earlier !== undefined && Date.now() - earlier.at < NONCE_WINDOW_MS ? messages.get(earlier.messageId) : undefined;
      if (body.enforce_nonce === true && message !== undefined) {
        repeatedNonces.push({ channelId, nonce, messageId: message.id });
        return { status: 200, body: messageJson(message) };
      }
      const created = storeMessage(channelId, body);
      created.nonce = nonce;
      nonces.set(`${channelId} ${nonce}`, { messageId: created.id, at: Date.now() });
      return { status: 200, body: messageJson(created) };
    }
    if (path === '/users/@me/channels' && method === 'POST') {
      const recipient = String(body?.recipient_id ?? '');
      if (!/^\d+$/.test(recipient)) return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
      const id = dmChannels.get(recipient) ?? snowflake();
      dmChannels.set(recipient, id);
      return {
        status: 200,
        body: {
          id,
          type: 1,
          last_message_id: null,
          flags: 0,
          recipients: [{ id: recipient, username: 'rider', discriminator: '0', global_name: null, avatar: null }],
        },
      };
    }
    return { status: 404, body: { message: '404: Not Found', code: 0 } };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const path = decodeURIComponent(url.pathname).replace(/^\/api\/v10/, '');
        const method = req.method ?? 'GET';
        const raw = Buffer.concat(chunks);
        const boundary = /multipart\/form-data;.*boundary=(.+)$/.exec(req.headers['content-type'] ?? '')?.[1];
        const parts = boundary !== undefined ? multipartParts(raw, boundary.replace(/^"|"$/g, '')) : undefined;
        const text = parts !== undefined ? (parts.find((p) => p.field === 'payload_json')?.data.toString('utf8') ?? '') : raw.toString('utf8');
        const files = (parts ?? []).filter((p) => p.filename !== undefined).map((p) => ({ field: p.field, filename: p.filename!, data: p.data }));
        let body: RestBody = {};
        try {
          if (text !== '') body = JSON.parse(text) as RestBody;
        } catch {
          body = { content: text };
        }
        const delay = delays.find((d) => d.method === method && d.path.test(path));
        if (delay) await new Promise((r) => setTimeout(r, delay.ms));
        const scheduled = once.findIndex((f) => f.method === method && f.path.test(path));
        const failure =
          scheduled >= 0 ? once.splice(scheduled, 1)[0]!.failure : always.find((f) => f.method === method && f.path.test(path))?.failure;
        const answer =
          failure ??
          (url.pathname.startsWith('/api/v10/')
            ? withUploads(files, () => route(method, path, Object.fromEntries(url.searchParams), body, req.headers.authorization))
            : { status: 404, body: { message: '404: Not Found', code: 0 } });
        const call: RestCall = {
          method,
          path,
          query: Object.fromEntries(url.searchParams),
          body,
          status: answer.status,
          answer: answer.body,
          at: performance.now(),
        };
        if (req.headers.authorization !== undefined) call.auth = req.headers.authorization;
        if (files.length > 0) call.files = files;
        calls.push(call);
        res.writeHead(answer.status, { ...(answer.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(failure?.headers ?? {}) });
        res.end(answer.body !== undefined ? JSON.stringify(answer.body) : undefined);
        events.emit('call', call);
      })();
    });
  });

  // ---- the gateway ----
  const wss = new WebSocketServer({ server, path: '/gateway' });
  const send = (ws: WebSocket, payload: Record<string, unknown>) => ws.send(JSON.stringify(payload));
  const dispatch = (ws: WebSocket, t: string, d: unknown) => {
    const session = sessions.get(ws);
    if (!session) return;
    session.seq += 1;
    send(ws, { op: 0, t, s: session.seq, d });
  };
  const shardOf = (guildId: string | undefined) => (guildId === undefined ? 0 : Number((BigInt(guildId) >> 22n) % BigInt(shardCount)));
  const guildCreate = (guild: FakeGuild) => ({
    id: guild.id,
    name: guild.name,
    icon: null,
    owner_id: '1300000000000000999',
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    features: [],
    mfa_level: 0,
    system_channel_id: null,
    system_channel_flags: 0,
    preferred_locale: 'en-US',
    premium_tier: 0,
    nsfw_level: 0,
    joined_at: new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: 3,
    roles: [
      {
        id: guild.id,
        name: '@everyone',
        color: 0,
        hoist: false,
        position: 0,
        permissions: '1071698660929',
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    channels: [
      { id: guild.channelId, type: 0, guild_id: guild.id, name: 'buses', position: 0, permission_overwrites: [], nsfw: false, parent_id: null },
    ],
    threads: [],
    members: [],
    voice_states: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
  });

  wss.on('connection', (ws) => {
    send(ws, { op: 10, d: { heartbeat_interval: options.heartbeatIntervalMs ?? 41_250 }, s: null, t: null });
    ws.on('message', (raw: RawData) => {
      let payload: GatewayPayload;
      try {
        payload = JSON.parse(textOf(raw)) as GatewayPayload;
      } catch {
        ws.close(4002, 'Decode error');
        return;
      }
      switch (payload?.op) {
        case 1:
          heartbeats += 1;
          send(ws, { op: 11, d: null, s: null, t: null });
          break;
        case 2: {
          const d = payload.d ?? {};
          identifies.push({ token: String(d.token), intents: Number(d.intents), ...(Array.isArray(d.shard) ? { shard: d.shard } : {}) });
          if (d.token !== token) {
            ws.close(4004, 'Authentication failed.');
            return;
          }
          const shard: [number, number] = Array.isArray(d.shard) ? d.shard : [0, 1];
          if (shard[1] !== shardCount || shard[0] >= shardCount) {
            ws.close(4010, 'Invalid shard.');
            return;
          }
          sessions.set(ws, { shard, seq: 0, ready: false });
          const mine = guilds.filter((g) => shardOf(g.id) === shard[0]);
          dispatch(ws, 'READY', {
            v: 10,
            user: BOT_USER,
            guilds: mine.map((g) => ({ id: g.id, unavailable: true })),
            session_id: `session-${shard[0]}-${snowflake()}`,
            resume_gateway_url: gatewayUrl,
            shard,
            application: { id: APPLICATION_ID, flags: 0 },
          });
          for (const guild of mine) dispatch(ws, 'GUILD_CREATE', guildCreate(guild));
          sessions.get(ws)!.ready = true;
          events.emit('ready');
          break;
        }
        case 6: {
          // Resume: the fake keeps no backlog, so nothing is replayed.
          if (payload.d?.token !== token) {
            ws.close(4004, 'Authentication failed.');
            return;
          }
          sessions.set(ws, { shard: [0, shardCount], seq: Number(payload.d?.seq ?? 0), ready: true });
          dispatch(ws, 'RESUMED', {});
          break;
        }
        default:
          break;
      }
    });
    ws.on('close', () => sessions.delete(ws));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const gatewayUrl = `ws://127.0.0.1:${port}/gateway`;

  const matches = (call: RestCall, method: string, path: RegExp, match?: (c: RestCall) => boolean) =>
    call.method === method && path.test(call.path) && (match?.(call) ?? true);

  return {
    apiRoot: `http://127.0.0.1:${port}/api`,
    token,
    guilds,
    calls,
    messages,
    repeatedNonces,
    identifies,
    heartbeats: () => heartbeats,
    callsTo: (method, path) => calls.filter((c) => matches(c, method, path)),
    waitForCall(method, path, match, guardMs = 5_000) {
      const past = calls.find((c) => matches(c, method, path, match));
      if (past) return Promise.resolve(past);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          events.off('call', look);
          reject(new Error(`no ${method} ${path} within ${guardMs} ms; calls: ${calls.map((c) => `${c.method} ${c.path} ${c.status}`).join(', ')}`));
        }, guardMs);
        const look = (call: RestCall) => {
          if (!matches(call, method, path, match)) return;
          clearTimeout(timer);
          events.off('call', look);
          resolve(call);
        };
        events.on('call', look);
      });
    },
    failNext: (method, path, failure) => void once.push({ method, path, failure }),
    refuse: (method, path, failure) => void always.push({ method, path, failure }),
    clearRefusals: () => void always.splice(0),
    delay: (method, path, ms) => void delays.push({ method, path, ms }),
    dispatch(event, data, guildId) {
      const shard = shardOf(guildId);
      const ws = [...sessions].find(([, s]) => s.ready && s.shard[0] === shard)?.[0];
      if (ws === undefined) throw new Error(`no ready gateway session for shard ${shard}`);
      dispatch(ws, event, data);
    },
    interact(interaction) {
      const itoken = interaction.token;
      interactions.set(itoken, {
        id: interaction.id,
        acknowledged: false,
        channelId: interaction.channel_id ?? '',
        ...(interaction.message ? { messageId: interaction.message.id } : {}),
      });
      const shard = shardOf(interaction.guild_id);
      const ws = [...sessions].find(([, s]) => s.ready && s.shard[0] === shard)?.[0];
      if (ws === undefined) throw new Error(`no ready gateway session for shard ${shard}`);
      dispatch(ws, 'INTERACTION_CREATE', interaction);
      return itoken;
    },
    original: (itoken) => {
      const id = originals.get(itoken);
      return id !== undefined ? messages.get(id) : undefined;
    },
    followUps: (itoken) => (followUps.get(itoken) ?? []).map((id) => messages.get(id)).filter((m): m is StoredMessage => m !== undefined),
    ready(guardMs = 5_000) {
      const done = () => [...sessions.values()].filter((s) => s.ready).length >= shardCount;
      if (done()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the bot did not identify')), guardMs);
        const look = () => {
          if (!done()) return;
          clearTimeout(timer);
          events.off('ready', look);
          resolve();
        };
        events.on('ready', look);
      });
    },
    closeGateway(code, reason = '') {
      for (const ws of sessions.keys()) ws.close(code, reason);
    },
    openSockets: () => wss.clients.size,
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function textOf(raw: RawData): string {
  return (Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw)).toString('utf8');
}

/** A stored message as Discord's API shows it (in answers, and under a pressed button). */
export function messagePayload(message: StoredMessage) {
  return {
    id: message.id,
    type: 0,
    channel_id: message.channel_id,
    author: BOT_USER,
    content: message.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: (message.attachments ?? []).map((a, i) => ({
      id: `${message.id}${i}`,
      filename: a.filename,
      size: a.data.length,
      url: `https://cdn.example/${message.id}/${a.filename}`,
      proxy_url: `https://cdn.example/${message.id}/${a.filename}`,
    })),
    embeds: message.embeds,
    components: message.components,
    pinned: false,
    flags: message.flags,
    application_id: APPLICATION_ID,
    ...(message.nonce !== undefined ? { nonce: message.nonce } : {}),
  };
}

/** The parts of a multipart body (discord.js uploads files so: payload_json and files[n]). */
function multipartParts(body: Buffer, boundary: string): Array<{ field: string; filename?: string; data: Buffer }> {
  const parts: Array<{ field: string; filename?: string; data: Buffer }> = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const part = body.subarray(start + 2, next - 2);
    const split = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, split).toString('utf8');
    const field = /name="([^"]+)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
    if (field !== undefined) parts.push({ field, ...(filename !== undefined ? { filename } : {}), data: Buffer.from(part.subarray(split + 4)) });
    at = next;
  }
  return parts;
}
