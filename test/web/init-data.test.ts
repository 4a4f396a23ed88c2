import { describe, expect, it } from 'vitest';
import { checkInitData, signInitData } from '../../src/web/init-data.js';

// Telegram's Mini App launch data, checked before anything tied to a rider is shown: the signature
// under the bot token's key, and its age.

const TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const AUTH = 1_795_000_000;
const at = (seconds: number) => new Date(seconds * 1000);
const USER = JSON.stringify({ id: 99887766, first_name: 'Ana', language_code: 'fr' });
const signed = (fields: Record<string, string> = {}, token = TOKEN) =>
  signInitData({ query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', user: USER, auth_date: String(AUTH), ...fields }, token);

describe('a Mini App initData', () => {
  it('signed with the bot token, fresh: names its rider', () => {
    expect(checkInitData(signed(), TOKEN, at(AUTH + 30), 3600)).toEqual({
      ok: true,
      rider: { userId: '99887766', languageCode: 'fr', authDate: at(AUTH) },
    });
  });

  it('checks the hash Telegram computes: an example signed independently with node:crypto as the docs describe', async () => {
    const { createHmac } = await import('node:crypto');
    const fields = { auth_date: String(AUTH), user: USER, chat_instance: '-42', chat_type: 'private' };
    const check = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k as keyof typeof fields]}`)
      .join('\n');
    const key = createHmac('sha256', 'WebAppData').update(TOKEN).digest();
    const hash = createHmac('sha256', key).update(check).digest('hex');
    const raw = new URLSearchParams({ ...fields, hash }).toString();
    expect(checkInitData(raw, TOKEN, at(AUTH), 3600)).toMatchObject({ ok: true, rider: { userId: '99887766' } });
  });

  it('tampered (another user put in): forged', () => {
    const raw = signed().replace(encodeURIComponent('99887766'), encodeURIComponent('11111111'));
    expect(raw).not.toBe(signed());
    expect(checkInitData(raw, TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'forged' });
  });

  it('a field added after signing: forged', () => {
    expect(checkInitData(`${signed()}&start_param=x`, TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'forged' });
  });

  it("signed with another bot's token: forged", () => {
    expect(checkInitData(signed({}, '654321:ZYX-other-token-0000000000000000'), TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'forged' });
  });

  it('older than the bound, or from far in the future: expired', () => {
    expect(checkInitData(signed(), TOKEN, at(AUTH + 3601), 3600)).toEqual({ ok: false, why: 'expired' });
    expect(checkInitData(signed(), TOKEN, at(AUTH + 3599), 3600)).toMatchObject({ ok: true });
    expect(checkInitData(signed(), TOKEN, at(AUTH - 3600), 3600)).toEqual({ ok: false, why: 'expired' });
  });

  it('missing, without a hash, with a field twice, or without a user: refused', () => {
    expect(checkInitData(undefined, TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'missing' });
    expect(checkInitData('', TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'missing' });
    expect(checkInitData(`auth_date=${AUTH}&user=x`, TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'malformed' });
    expect(checkInitData(`${signed()}&auth_date=${AUTH}`, TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'malformed' });
    const noUser = signInitData({ auth_date: String(AUTH) }, TOKEN);
    expect(checkInitData(noUser, TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'malformed' });
    expect(checkInitData('x'.repeat(9000), TOKEN, at(AUTH), 3600)).toEqual({ ok: false, why: 'malformed' });
  });
});
