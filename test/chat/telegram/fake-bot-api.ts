// A stand-in for api.telegram.org on 127.0.0.1: the Bot API's HTTP shape (/bot<token>/<method>,
// JSON or form bodies, {ok, result} / {ok:false, error_code, description, parameters}), enough
// state to be honest (message ids, "message is not modified", HTML entity checks), every call
// recorded, and failures that can be scheduled per method, including answers off the documented
// shape that emulators and proxies give (no description, no `ok`, `{message}`, an HTML page).
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A method's parameters as the fake received them (JSON values): narrow them, or use the accessors below. */
export type Params = Record<string, unknown>;

export interface RecordedCall {
  method: string;
  params: Params;
  /** What the fake answered: the result on success, else the error body; undefined when it hung up. */
  answer?: unknown;
}

export interface Failure {
  error_code: number;
  description: string;
  retry_after?: number;
}

/** An answer sent exactly as given: `body` as JSON, or `text` as it is (an HTML error page). */
export type RawAnswer = { status: number; body: unknown } | { status: number; text: string };

export type Scheduled = Failure | RawAnswer | 'disconnect';

export interface FakeBotApi {
  /** The apiRoot to give grammY. */
  apiRoot: string;
  botInfo: { id: number; is_bot: true; first_name: string; username: string };
  calls: RecordedCall[];
  callsOf(method: string): RecordedCall[];
  /** Queues an update for getUpdates; returns its update_id. */
  queueUpdate(update: Record<string, unknown>): number;
  /**
   * The next call of `method` (getUpdates too) fails this way, once per call of failNext;
   * 'disconnect' drops the connection. Failed polls are recorded as calls; the others are not.
   */
  failNext(method: string, failure: Scheduled): void;
  /** Every call of `method` fails this way from now on (after those queued by failNext); undefined ends it. */
  failAlways(method: string, failure: Scheduled | undefined): void;
  /** A live location sent before this fake started (Telegram keeps them across a bot's restarts). */
  knowLiveLocation(chatId: number, messageId: number, latitude: number, longitude: number): void;
  /** A photo sent before this fake started (Telegram keeps the bot's messages across its restarts). */
  knowPhoto(chatId: number, messageId: number, caption: string): void;
  /** getUpdates requests currently held open. */
  openPolls(): number;
  /** Resolves once no getUpdates request is open (the bot stopped polling). */
  waitForNoPolls(guardMs?: number): Promise<void>;
  /** Calls `listener` with each call as it is answered (benchmarks time replies by it); returns the unsubscribe. */
  onCall(listener: (call: RecordedCall) => void): () => void;
  /** Resolves with the first recorded call (past or future) that matches; fails after `guardMs` to avoid hanging. */
  waitForCall(method: string, match?: (call: RecordedCall) => boolean, guardMs?: number): Promise<RecordedCall>;
  close(): Promise<void>;
}

/** A button of an inline keyboard: the bot sends callback buttons only. */
export interface InlineButton {
  text: string;
  callback_data: string;
}

/** An inline query result as the bot sends them: articles with an HTML or plain text message. */
export interface InlineResult {
  type: string;
  id: string;
  title: string;
  input_message_content: { message_text: string; parse_mode?: string };
  reply_markup?: { inline_keyboard: InlineButton[][] };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value[key]` when value is an object, else undefined. */
function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/** The buttons of an inline keyboard markup (a message's or an inline result's reply_markup), row after row. */
export function buttonsIn(markup: unknown): InlineButton[] {
  const rows = field(markup, 'inline_keyboard');
  if (rows === undefined) return [];
  if (!Array.isArray(rows)) throw new Error(`inline_keyboard is not a list: ${JSON.stringify(rows)}`);
  return rows.flat().map((button: unknown) => {
    if (!isRecord(button) || typeof button.text !== 'string' || typeof button.callback_data !== 'string') {
      throw new Error(`not a callback button: ${JSON.stringify(button)}`);
    }
    return { ...button, text: button.text, callback_data: button.callback_data };
  });
}

/** The buttons under a sent or edited message. */
export const buttonsOf = (call: RecordedCall): InlineButton[] => buttonsIn(call.params.reply_markup);

/** The results of an answerInlineQuery call. */
export function resultsOf(call: RecordedCall): InlineResult[] {
  const results = call.params.results;
  if (!Array.isArray(results)) throw new Error(`${call.method} has no results list`);
  return results.map((result: unknown) => {
    const content = field(result, 'input_message_content');
    if (
      !isRecord(result) ||
      typeof result.id !== 'string' ||
      typeof result.type !== 'string' ||
      typeof result.title !== 'string' ||
      !isRecord(content) ||
      typeof content.message_text !== 'string'
    ) {
      throw new Error(`not an article result: ${JSON.stringify(result)}`);
    }
    buttonsIn(result.reply_markup); // checks the keyboard's shape, if any
    return result as Record<string, unknown> & InlineResult;
  });
}

const HTML_TAG = /<\/?(b|strong|i|em|u|ins|s|strike|del|code|pre|a|tg-spoiler|span|blockquote)(\s[^>]*)?>/g;

/** Telegram refuses malformed HTML with 400 "can't parse entities"; so does this fake. */
export function htmlProblem(text: string): string | undefined {
  const stack: string[] = [];
  let rest = text;
  for (const m of text.matchAll(HTML_TAG)) {
    const closing = m[0].startsWith('</');
    if (!closing) stack.push(m[1]!);
    else if (stack.pop() !== m[1]) return `Can't find end tag corresponding to start tag ${m[1]}`;
  }
  if (stack.length > 0) return `Can't find end tag corresponding to start tag ${stack.at(-1)}`;
  rest = text.replace(HTML_TAG, '');
  if (/[<>]/.test(rest)) return 'Unsupported start tag';
  if (/&(?!(amp|lt|gt|quot|#\d+|#x[0-9a-f]+);)/i.test(rest)) return 'Unsupported HTML entity';
  return undefined;
}

export async function startFakeBotApi(options: { token: string; username?: string }): Promise<FakeBotApi> {
  const botInfo = { id: 424242, is_bot: true as const, first_name: 'Arrivals', username: options.username ?? 'ArrivalsTestBot' };
  const calls: RecordedCall[] = [];
  const events = new EventEmitter();
  const failures = new Map<string, Scheduled[]>();
  const standing = new Map<string, Scheduled>();
  let polls = 0;
  const updates: Array<Params & { update_id: number }> = [];
  /** The bot's messages by "chat:message": a text message's text, or a photo's caption and picture's bytes. */
  const messages = new Map<string, { text: string; markup: string; photo?: Uint8Array }>();
  const chats = new Map<string, Record<string, unknown>>();
  /** Live locations the bot sent, by "chat:message": where each pin is, and whether it still moves. */
  const liveLocations = new Map<string, { latitude: number; longitude: number; live_period?: number; live: boolean }>();
  let nextUpdateId = 1;
  let nextMessageId = 1000;

  const learnChats = (update: Params) => {
    const chat = field(field(update, 'message'), 'chat') ?? field(field(field(update, 'callback_query'), 'message'), 'chat');
    if (isRecord(chat)) chats.set(String(chat.id), chat);
  };

  const handle = (method: string, params: Params): { status: number; body: unknown } => {
    const ok = (result: unknown) => ({ status: 200, body: { ok: true, result } });
    const bad = (status: number, description: string) => ({ status, body: { ok: false, error_code: status, description } });
    /** An edited message as Telegram answers it: the message, its edit date, and what it now holds. */
    const edited = (holds: Record<string, unknown>) =>
      ok({ message_id: Number(params.message_id), date: 1_700_000_000, edit_date: 1_700_000_001, chat: chats.get(String(params.chat_id)), ...holds });
    // A live location's heading: 1 to 360 degrees when given.
    const badHeading = params.heading !== undefined && !(Number(params.heading) >= 1 && Number(params.heading) <= 360);
    switch (method) {
      case 'getMe':
        return ok(botInfo);
      case 'sendMessage': {
        const problem = params.parse_mode === 'HTML' ? htmlProblem(String(params.text)) : undefined;
        if (problem) return bad(400, `Bad Request: can't parse entities: ${problem}`);
        const chat = chats.get(String(params.chat_id)) ?? { id: Number(params.chat_id), type: 'private' };
        const message_id = nextMessageId++;
        messages.set(`${String(params.chat_id)}:${message_id}`, { text: String(params.text), markup: JSON.stringify(params.reply_markup ?? null) });
        return ok({ message_id, date: 1_700_000_000, chat, from: botInfo, text: params.text });
      }
      case 'editMessageText': {
        const problem = params.parse_mode === 'HTML' ? htmlProblem(String(params.text)) : undefined;
        if (problem) return bad(400, `Bad Request: can't parse entities: ${problem}`);
        if (params.inline_message_id) return ok(true);
        const key = `${String(params.chat_id)}:${String(params.message_id)}`;
        const known = messages.get(key);
        if (!known) return bad(400, 'Bad Request: message to edit not found');
        if (known.photo !== undefined) return bad(400, 'Bad Request: there is no text in the message to edit');
        const next = { text: String(params.text), markup: JSON.stringify(params.reply_markup ?? null) };
        if (known.text === next.text && known.markup === next.markup) {
          return bad(
            400,
            'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
          );
        }
        messages.set(key, next);
        return edited({ text: params.text });
      }
      case 'sendPhoto': {
        // Uploaded as multipart: "photo" names its part ("attach://<id>"), whose bytes must be an image; a caption of at most 1,024 characters.
        const attached = typeof params.photo === 'string' && params.photo.startsWith('attach://') ? params[params.photo.slice(9)] : undefined;
        if (!(attached instanceof Uint8Array) || !isPng(attached)) return bad(400, 'Bad Request: IMAGE_PROCESS_FAILED');
        const caption = typeof params.caption === 'string' || typeof params.caption === 'number' ? String(params.caption) : '';
        const problem = params.parse_mode === 'HTML' ? htmlProblem(caption) : undefined;
        if (problem) return bad(400, `Bad Request: can't parse entities: ${problem}`);
        if (caption.replace(/<[^>]+>/g, '').length > 1024) return bad(400, 'Bad Request: message caption is too long');
        const chat = chats.get(String(params.chat_id)) ?? { id: Number(params.chat_id), type: 'private' };
        const message_id = nextMessageId++;
        messages.set(`${String(params.chat_id)}:${message_id}`, {
          text: caption,
          markup: JSON.stringify(params.reply_markup ?? null),
          photo: attached,
        });
        return ok({
          message_id,
          date: 1_700_000_000,
          chat,
          from: botInfo,
          caption,
          photo: [{ file_id: `photo-${message_id}`, file_unique_id: `p${message_id}`, width: 1000, height: 800 }],
        });
      }
      case 'editMessageMedia':
      case 'editMessageCaption': {
        // A photo's new picture (multipart: "media" an InputMediaPhoto naming its part "attach://<id>") and caption, or its caption alone.
        const media = method === 'editMessageMedia' ? params.media : undefined;
        if (method === 'editMessageMedia' && (!isRecord(media) || media.type !== 'photo')) return bad(400, 'Bad Request: wrong media specified');
        const named =
          isRecord(media) && typeof media.media === 'string' && media.media.startsWith('attach://') ? params[media.media.slice(9)] : undefined;
        if (method === 'editMessageMedia' && (!(named instanceof Uint8Array) || !isPng(named))) return bad(400, 'Bad Request: IMAGE_PROCESS_FAILED');
        const captionOf = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
        const caption = captionOf(isRecord(media) ? media.caption : params.caption);
        const parseMode = isRecord(media) ? media.parse_mode : params.parse_mode;
        const problem = parseMode === 'HTML' ? htmlProblem(caption) : undefined;
        if (problem) return bad(400, `Bad Request: can't parse entities: ${problem}`);
        if (caption.replace(/<[^>]+>/g, '').length > 1024) return bad(400, 'Bad Request: message caption is too long');
        if (params.inline_message_id) return ok(true);
        const key = `${String(params.chat_id)}:${String(params.message_id)}`;
        const known = messages.get(key);
        if (!known) return bad(400, 'Bad Request: message to edit not found');
        if (known.photo === undefined) return bad(400, 'Bad Request: there is no media in the message to edit');
        const next = { text: caption, markup: JSON.stringify(params.reply_markup ?? null), photo: named instanceof Uint8Array ? named : known.photo };
        if (named === undefined && known.text === next.text && known.markup === next.markup) {
          return bad(400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same');
        }
        messages.set(key, next);
        return edited({
          caption,
          photo: [{ file_id: `photo-${String(params.message_id)}-e`, file_unique_id: `p${String(params.message_id)}e`, width: 1000, height: 800 }],
        });
      }
      case 'sendLocation': {
        // live_period: 60 to 86,400 s (or 0x7FFFFFFF, "forever").
        const period = params.live_period === undefined ? undefined : Number(params.live_period);
        if (period !== undefined && !((period >= 60 && period <= 86_400) || period === 0x7fffffff))
          return bad(400, 'Bad Request: wrong live period specified');
        if (badHeading) return bad(400, 'Bad Request: wrong heading specified');
        const chat = chats.get(String(params.chat_id)) ?? { id: Number(params.chat_id), type: 'private' };
        const message_id = nextMessageId++;
        const location = {
          latitude: Number(params.latitude),
          longitude: Number(params.longitude),
          ...(period !== undefined ? { live_period: period } : {}),
        };
        if (period !== undefined) liveLocations.set(`${String(params.chat_id)}:${message_id}`, { ...location, live: true });
        return ok({ message_id, date: 1_700_000_000, chat, from: botInfo, location });
      }
      case 'editMessageLiveLocation': {
        const key = `${String(params.chat_id)}:${String(params.message_id)}`;
        const known = liveLocations.get(key);
        if (!known) return bad(400, 'Bad Request: message to edit not found');
        if (!known.live) return bad(400, "Bad Request: message can't be edited");
        if (badHeading) return bad(400, 'Bad Request: wrong heading specified');
        const next = { ...known, latitude: Number(params.latitude), longitude: Number(params.longitude) };
        if (next.latitude === known.latitude && next.longitude === known.longitude && params.heading === undefined) {
          return bad(400, 'Bad Request: message is not modified: specified new message content and reply markup are exactly the same');
        }
        liveLocations.set(key, next);
        return edited({ location: next });
      }
      case 'stopMessageLiveLocation': {
        const key = `${String(params.chat_id)}:${String(params.message_id)}`;
        const known = liveLocations.get(key);
        if (!known) return bad(400, 'Bad Request: message to edit not found');
        if (!known.live) return bad(400, "Bad Request: message can't be edited");
        liveLocations.set(key, { ...known, live: false });
        return ok({ message_id: Number(params.message_id), date: 1_700_000_000, chat: chats.get(String(params.chat_id)), location: known });
      }
      case 'answerCallbackQuery':
      case 'answerInlineQuery':
      case 'setMyCommands':
      case 'setWebhook':
      case 'deleteWebhook':
      case 'close':
        return ok(true);
      default:
        return bad(404, 'Not Found: method not found');
    }
  };

  const getUpdates = (params: Params, req: IncomingMessage, res: ServerResponse) => {
    const offset = Number(params.offset ?? 0);
    const pending = () => updates.filter((u) => u.update_id >= offset).slice(0, Number(params.limit ?? 100));
    const reply = () => {
      if (!res.writableEnded) send(res, 200, { ok: true, result: pending() });
    };
    polls++;
    res.on('close', () => {
      polls--;
      events.emit('poll-closed');
    });
    if (pending().length > 0) return reply();
    // Long polling, shortened: answer as soon as something is queued, or with [] shortly.
    const answer = () => {
      events.off('update', answer);
      clearTimeout(timer);
      reply();
    };
    const timer = setTimeout(answer, 200);
    events.on('update', answer);
    req.on('close', () => {
      events.off('update', answer);
      clearTimeout(timer);
    });
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
    if (!match) return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = match as unknown as [string, string, string];
    if (token !== options.token) return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const params = await readParams(req);
    const failure = failures.get(method)?.shift() ?? standing.get(method);
    // Polls are not recorded (there are many); a scheduled failure of one is.
    if (method === 'getUpdates' && !failure) return getUpdates(params, req, res);

    const call: RecordedCall = { method, params };
    calls.push(call);
    if (failure === 'disconnect') {
      events.emit('call', call);
      req.socket.destroy();
      return;
    }
    if (failure && 'text' in failure) {
      call.answer = failure.text;
      events.emit('call', call);
      res.writeHead(failure.status, { 'content-type': 'text/html' }).end(failure.text);
      return;
    }
    const { status, body } = failure ? failureAnswer(failure) : handle(method, params);
    const succeeded = typeof body === 'object' && body !== null && (body as { ok?: unknown }).ok === true;
    call.answer = succeeded ? (body as { result: unknown }).result : body;
    events.emit('call', call);
    send(res, status, body);
  };
  const server = createServer((req, res) => {
    // Only reading the request can fail (a bad JSON body): Telegram would answer 400.
    serve(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        send(res, 400, { ok: false, error_code: 400, description: `Bad Request: ${err instanceof Error ? err.message : 'unreadable request'}` });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    apiRoot: `http://127.0.0.1:${port}`,
    botInfo,
    calls,
    callsOf: (method) => calls.filter((c) => c.method === method),
    knowPhoto(chatId, messageId, caption) {
      messages.set(`${chatId}:${messageId}`, {
        text: caption,
        markup: 'null',
        photo: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      });
    },
    knowLiveLocation: (chatId, messageId, latitude, longitude) =>
      void liveLocations.set(`${chatId}:${messageId}`, { latitude, longitude, live: true }),
    queueUpdate(update) {
      const full = { update_id: nextUpdateId++, ...update };
      learnChats(full);
      updates.push(full);
      events.emit('update');
      return full.update_id;
    },
    failNext(method, failure) {
      failures.set(method, [...(failures.get(method) ?? []), failure]);
    },
    failAlways(method, failure) {
      if (failure === undefined) standing.delete(method);
      else standing.set(method, failure);
    },
    openPolls: () => polls,
    onCall(listener) {
      events.on('call', listener);
      return () => void events.off('call', listener);
    },
    waitForNoPolls(guardMs = 8000) {
      return new Promise((resolve, reject) => {
        if (polls === 0) return resolve();
        const guard = setTimeout(() => reject(new Error(`${polls} getUpdates still open`)), guardMs);
        const check = () => {
          if (polls !== 0) return;
          events.off('poll-closed', check);
          clearTimeout(guard);
          resolve();
        };
        events.on('poll-closed', check);
      });
    },
    waitForCall(method, match = () => true, guardMs = 8000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = calls.find((c) => c.method === method && match(c));
          if (!found) return false;
          events.off('call', onCall);
          clearTimeout(guard);
          resolve(found);
          return true;
        };
        const onCall = () => void look();
        const guard = setTimeout(() => {
          events.off('call', onCall);
          reject(new Error(`no ${method} call matched; calls so far: ${calls.map((c) => c.method).join(', ')}`));
        }, guardMs);
        events.on('call', onCall);
        look();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function failureAnswer(failure: Failure | { status: number; body: unknown }): { status: number; body: unknown } {
  if ('body' in failure) return failure;
  const { error_code, description, retry_after } = failure;
  return { status: error_code, body: { ok: false, error_code, description, ...(retry_after !== undefined ? { parameters: { retry_after } } : {}) } };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Each part of a multipart body: a text value (JSON read where it is JSON), or a file's bytes. */
function multipartParams(body: Buffer, boundary: string): Params {
  const params: Params = {};
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
    const content = part.subarray(split + 4);
    const name = /name="([^"]+)"/i.exec(headers)?.[1];
    if (name !== undefined) {
      if (/filename=/i.test(headers)) params[name] = new Uint8Array(content);
      else {
        const text = content.toString('utf8');
        try {
          params[name] = JSON.parse(text) as unknown;
        } catch {
          params[name] = text;
        }
      }
    }
    at = next;
  }
  return params;
}

/** A PNG's signature. */
function isPng(bytes: Uint8Array): boolean {
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
}

async function readParams(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const type = req.headers['content-type'] ?? '';
  // A file upload (sendPhoto): multipart, as grammY writes it (headers without a space after the
  // colon, which the platform's strict FormData parser refuses and Telegram takes); a file part is kept as its bytes.
  const boundary = /boundary=(.+)$/.exec(type)?.[1];
  if (type.includes('multipart/form-data') && boundary !== undefined) return multipartParams(Buffer.concat(chunks), boundary);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (raw === '') return Object.fromEntries(new URL(req.url ?? '/', 'http://x').searchParams);
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(raw);
    if (!isRecord(parsed)) throw new Error('parameters must be a JSON object');
    return parsed;
  }
  // Form bodies carry objects (reply_markup, commands) as JSON strings.
  const params: Params = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    try {
      params[key] = JSON.parse(value) as unknown;
    } catch {
      params[key] = value;
    }
  }
  return params;
}
