import { z } from 'zod';
import { COMMON_FIELDS } from '../sources/entry-fields.js';
import type { EntryContext, SourceKind } from '../sources/kind.js';
import type { FeedEntry, SourceSettings } from '../sources/kinds.js';

// One entry of a feed list, read through the form of its kind that it names ("preset", "gtfs",
// "kind": "octranspo-v1.2"): FEEDS_FILE's entries, and the environment's shorthand for one feed,
// take this one path. Every problem goes to the context, by field.

/** "a", "a or b", "a, b or c". */
const either = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)!}`);

export function readFeedEntry(
  entry: unknown,
  kinds: readonly SourceKind[],
  defaults: ReadonlyMap<string, unknown>,
  context: EntryContext,
): FeedEntry | undefined {
  const forms = kinds.flatMap((kind) => kind.entries.map((form) => ({ kind, form })));
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    context.complain('', `expected an object with id, name, and ${either([...new Set(forms.map(({ form }) => form.field))])}`);
    return undefined;
  }
  const given = entry as Record<string, unknown>;
  const found = forms.find(({ form }) => form.field in given && (form.value === undefined || given[form.field] === form.value));
  if (found === undefined) {
    context.complain('', `expected one of ${either(forms.map(({ form }) => form.described))}`);
    return undefined;
  }
  const parsed = z.strictObject({ ...COMMON_FIELDS, ...found.form.fields }).safeParse(entry);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      context.complain(
        issue.path.join('.') || 'entry',
        issue.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : `expected ${issue.message}`,
      );
    return undefined;
  }
  const e = parsed.data;
  const feed = found.form.read(e, defaults.get(found.kind.name), context);
  const attribution = e.attribution ?? feed.attribution;
  return {
    id: e.id,
    ...(e.name !== undefined ? { name: e.name } : {}),
    ...(attribution !== undefined ? { attribution } : {}),
    ...(e.clockStart !== undefined ? { clockStart: e.clockStart } : {}),
    // Read by a registered kind's own form: its settings.
    source: feed.source as SourceSettings,
    ...(feed.disruptions !== undefined ? { disruptions: feed.disruptions } : {}),
  };
}
