// Request headers as the GTFS settings give them: the syntax of GTFS_RT_HEADERS, and the values
// fetch can send (checked at start, never at each request).

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// What HTTP lets a header value hold (field-vchar, obs-text, space, tab): fetch refuses the rest at
// every request (a line break, NUL) or cannot send it at all (a letter past Latin-1).
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A header value fetch can send; anything else is refused at start, never at each request. */
export const isHeaderValue = (value: string): boolean => HEADER_VALUE.test(value);
/** What a refused header value should be, for the problem that names it (never the value itself). */
export const HEADER_VALUE_RULE = 'a value on one line, without control characters or letters past Latin-1 (it is sent as an HTTP header)';

/**
 * "Name: value; Other-Name: value" -> headers. Problems name the header, never its value (a
 * subscription key). Values may not hold ";", which separates headers on the one line a .env gives.
 */
export function parseHeaders(text: string): { headers: Record<string, string>; problems: string[] } {
  const headers: Record<string, string> = {};
  const problems: string[] = [];
  for (const part of text.split(';')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    const name = colon === -1 ? '' : part.slice(0, colon).trim();
    const value = colon === -1 ? '' : part.slice(colon + 1).trim();
    if (!TOKEN.test(name) || value === '' || !isHeaderValue(value)) {
      problems.push(
        !TOKEN.test(name)
          ? 'each header written as Name: value, separated by ";"'
          : value === ''
            ? `the header ${name} needs a value`
            : `the header ${name} needs ${HEADER_VALUE_RULE}`,
      );
      continue;
    }
    headers[name] = value;
  }
  return { headers, problems };
}
