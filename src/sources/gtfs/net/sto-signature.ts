import { createHash } from 'node:crypto';
import type { Clock } from '../../../domain/clock.js';
import type { Location } from './location.js';

// STO's realtime feeds (Gatineau) are asked with a public key and a signature of the current UTC
// minute in the query: /download.php?hash=<signature>&file=<trip|vehicule|alert>&key=<public
// key>, the signature the uppercase hex SHA-256 of the private key followed by the minute written
// YYYYMMDDTHHMMZ (as STO's public consumers implement it). A signature lives one minute, so the
// address is made again for each request, on the injected clock. Logs name the address without
// its query but for `file` (which feed it is): the key and the signature stay out of them.

export interface StoKeys {
  /** The public key, sent as `key=`. */
  key: string;
  /** Never sent: only the signature made with it. */
  privateKey: string;
}

/** The UTC minute of `at` as STO signs it: 20261127T0830Z. */
export function stoMinute(at: Date): string {
  return at.toISOString().replace(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}).*$/, '$1$2$3T$4$5Z');
}

/** The signature of the minute `at` is in. */
export function stoSignature(privateKey: string, at: Date): string {
  return createHash('sha256')
    .update(privateKey + stoMinute(at), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** What the operator is told when STO refuses a request (a wrong key, a clock off by more than a minute). */
export const STO_REFUSAL =
  'STO refused the signed request: check the feed\'s "key" and "privateKey" (STO\'s developer page gives both) and that this machine\'s clock keeps UTC within a minute';

/**
 * `address` (STO's download.php with its `file`, or a copy of the portal elsewhere) signed anew at
 * each request: hash first, the address's own parameters, then the public key, as STO spells it.
 */
export function stoSignedLocation(address: string, keys: StoKeys, now: Clock): Location {
  const base = new URL(address);
  const shown = `${base.origin}${base.pathname}${base.searchParams.has('file') ? `?file=${base.searchParams.get('file')}` : ''}`;
  return {
    kind: 'signed',
    shown,
    refusal: STO_REFUSAL,
    url() {
      const query = new URLSearchParams({ hash: stoSignature(keys.privateKey, now()) });
      for (const [name, value] of base.searchParams) if (name !== 'hash' && name !== 'key') query.append(name, value);
      query.append('key', keys.key);
      return `${base.origin}${base.pathname}?${query.toString()}`;
    },
  };
}
