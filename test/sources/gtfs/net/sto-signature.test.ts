import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../../../src/domain/clock.js';
import { describeLocation } from '../../../../src/sources/gtfs/net/location.js';
import { stoMinute, stoSignature, stoSignedLocation } from '../../../../src/sources/gtfs/net/sto-signature.js';

// STO's signature of a minute, checked against a value computed outside the bot
// (printf '%s' 'my-private-key20260310T1259Z' | sha256sum, in capitals), and the address made
// anew at each request in STO's order, whose logged form holds neither key nor signature.

describe("STO's signed addresses", () => {
  it('writes the UTC minute of any instant, seconds and offsets aside', () => {
    expect(stoMinute(new Date('2026-03-10T08:59:59.999-04:00'))).toBe('20260310T1259Z');
    expect(stoMinute(new Date('2026-12-31T23:59:00Z'))).toBe('20261231T2359Z');
    expect(stoMinute(new Date('2027-01-01T00:00:00Z'))).toBe('20270101T0000Z');
  });

  it('signs the private key followed by the minute: uppercase hex SHA-256', () => {
    expect(stoSignature('my-private-key', new Date('2026-03-10T12:59:30Z'))).toBe('69CF400CB78861365D43971885DA797F5541A319D629478FD10524F11BEBF32E');
  });

  it('makes the address again at each request, on the clock it is given', () => {
    const now = fixedClock('2026-03-10T12:59:30Z');
    const location = stoSignedLocation('https://gtfs.sto.ca/download.php?file=vehicule', { key: 'PUBLIC-1', privateKey: 'my-private-key' }, now);
    const first = location.kind === 'signed' ? location.url() : '';
    expect(first).toBe(
      'https://gtfs.sto.ca/download.php?hash=69CF400CB78861365D43971885DA797F5541A319D629478FD10524F11BEBF32E&file=vehicule&key=PUBLIC-1',
    );
    now.advance(30_000);
    const next = location.kind === 'signed' ? location.url() : '';
    expect(new URL(next).searchParams.get('hash')).toBe(stoSignature('my-private-key', now()));
    expect(next).not.toBe(first);
    expect(describeLocation(location)).toBe('https://gtfs.sto.ca/download.php?file=vehicule');
  });
});
