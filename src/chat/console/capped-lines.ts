import type { Readable } from 'node:stream';

/**
 * Lines of piped input, each cut at `maxChars`: the rest of an overlong line is read and dropped
 * as it comes, so one endless line costs `maxChars` of memory, not all of it (readline would
 * keep the whole line, up to V8's string limit).
 */
export async function* cappedLines(input: Readable, maxChars: number): AsyncGenerator<string> {
  input.setEncoding('utf8');
  let line = '';
  let overflow = false;
  for await (const chunk of input as AsyncIterable<string>) {
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      yield finish(line + (overflow ? '' : chunk.slice(start, Math.min(end, start + maxChars))));
      line = '';
      overflow = false;
      start = end + 1;
    }
    if (!overflow) {
      line += chunk.slice(start, start + maxChars - line.length);
      overflow = line.length >= maxChars;
    }
  }
  if (line !== '') yield finish(line);

  function finish(text: string): string {
    return (text.length > maxChars ? text.slice(0, maxChars) : text).replace(/\r$/, '');
  }
}
