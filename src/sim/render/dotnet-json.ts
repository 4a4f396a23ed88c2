// JSON as the service wrote it (see the 2018 capture): "/" as "\/" and every non-ASCII character
// as \uXXXX. JSON.parse reads both, but clients that scrape the text should meet the real thing.

export function dotNetJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One entry is written as a bare object, several as an array: the service's XML-to-JSON habit. */
export function oneOrMany<T>(items: T[]): T | T[] {
  return items.length === 1 ? (items[0] as T) : items;
}

/** RouteNo and DirectionID are JSON numbers in v1.2 when they are numeric ("R2" stays a string). */
export function numberIfNumeric(text: string): number | string {
  return /^\d{1,9}$/.test(text) ? Number(text) : text;
}
