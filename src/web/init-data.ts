import { createHmac, timingSafeEqual } from 'node:crypto';

// A Telegram Mini App's initData, checked as Telegram's "Validating data received via the Mini
// App" says: the hex HMAC-SHA-256 of the data-check-string (every field but `hash`, sorted by key,
// "key=value" joined by line feeds) under the key HMAC-SHA-256("WebAppData", bot token) must equal
// `hash`; and `auth_date` must be recent, so that initData copied out of a session of yesterday
// opens nothing. Only a rider it names, checked, may see what is tied to them (their saved stops).

export interface MiniAppRider {
  /** The Telegram user's id: their private chat with the bot has the same id. */
  readonly userId: string;
  readonly languageCode?: string;
  /** When Telegram signed it. */
  readonly authDate: Date;
}

export type InitDataCheck =
  { readonly ok: true; readonly rider: MiniAppRider } | { readonly ok: false; readonly why: 'missing' | 'malformed' | 'forged' | 'expired' };

/** Refuses initData longer than any Telegram sends (a user, a chat, a few ids: well under 4 KB). */
const MAX_INIT_DATA_CHARS = 8192;
/** Telegram's and our clocks may disagree a little: a signature from slightly ahead is not refused. */
const FUTURE_TOLERATED_SECONDS = 60;

/** The data-check-string's key: HMAC-SHA-256 of the bot token under the constant "WebAppData". */
function secretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** Signs fields as Telegram does (tests forge and sign initData with it; the check uses the same rule). */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const hash = hashOf(Object.entries(fields), botToken);
  return new URLSearchParams({ ...fields, hash }).toString();
}

function hashOf(fields: Array<[string, string]>, botToken: string): string {
  // By key, not by the joined text: "a2=x" would sort before "a=x".
  const dataCheckString = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
  return createHmac('sha256', secretKey(botToken)).update(dataCheckString).digest('hex');
}

export function checkInitData(raw: string | undefined, botToken: string, now: Date, maxAgeSeconds: number): InitDataCheck {
  if (raw === undefined || raw.trim() === '') return { ok: false, why: 'missing' };
  if (raw.length > MAX_INIT_DATA_CHARS) return { ok: false, why: 'malformed' };
  const fields: Array<[string, string]> = [];
  let hash: string | undefined;
  const seen = new Set<string>();
  for (const [key, value] of new URLSearchParams(raw)) {
    // A field given twice could be read one way here and another there: refused.
    if (seen.has(key)) return { ok: false, why: 'malformed' };
    seen.add(key);
    if (key === 'hash') hash = value;
    else fields.push([key, value]);
  }
  if (hash === undefined || !/^[0-9a-f]{64}$/.test(hash)) return { ok: false, why: 'malformed' };
  const expected = Buffer.from(hashOf(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { ok: false, why: 'forged' };
  const field = (name: string) => fields.find(([key]) => key === name)?.[1];
  const authSeconds = Number(field('auth_date'));
  if (!Number.isSafeInteger(authSeconds) || authSeconds <= 0) return { ok: false, why: 'malformed' };
  const ageSeconds = now.getTime() / 1000 - authSeconds;
  if (ageSeconds > maxAgeSeconds || ageSeconds < -FUTURE_TOLERATED_SECONDS) return { ok: false, why: 'expired' };
  const user = readUser(field('user'));
  if (user === undefined) return { ok: false, why: 'malformed' };
  return { ok: true, rider: { ...user, authDate: new Date(authSeconds * 1000) } };
}

/** The signed `user` field's id and language; anything else in it is not needed here. */
function readUser(json: string | undefined): { userId: string; languageCode?: string } | undefined {
  if (json === undefined) return undefined;
  let user: unknown;
  try {
    user = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof user !== 'object' || user === null) return undefined;
  const { id, language_code: languageCode } = user as { id?: unknown; language_code?: unknown };
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  return { userId: String(id), ...(typeof languageCode === 'string' && languageCode !== '' ? { languageCode } : {}) };
}
