import type { IdentifierGrammar } from '../../domain/identifiers.js';

/**
 * OC Transpo v1.2: stop numbers are the four digits on the sign (leading zeros matter: "0867");
 * routes are 1-3 digits ("95") or up to four letters and digits, of each at least one ("R2").
 */
export const V12_IDENTIFIERS: IdentifierGrammar = {
  readStop(text) {
    const value = text.trim();
    if (/^[0-9]{4}$/.test(value)) return { ok: true, value };
    return /^[0-9]+$/.test(value)
      ? { ok: false, problem: { kind: 'stop-digits', digits: value.length } }
      : { ok: false, problem: { kind: 'stop-not-stop' } };
  },
  readRoute(text) {
    const value = text.trim().toUpperCase();
    const ok = /^[0-9]{1,3}$/.test(value) || (/^[A-Z0-9]{1,4}$/.test(value) && /[0-9]/.test(value) && /[A-Z]/.test(value));
    return ok ? { ok: true, value } : { ok: false, problem: { kind: 'route-bad' } };
  },
};
