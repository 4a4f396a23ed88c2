import type { Translation } from '../../../domain/disruption.js';
import type { Content } from './alert-content.js';

// The entities of a Service Alerts feed that share an id (NMBS sends one per language) joined into
// one alert, at the cost of what each holds: every list keeps the set of what it has (languages;
// entities and periods by their JSON), so that a repeated id is compared with that set, never with
// the list again. (Joining by re-reading the whole list at each repeated id cost the square: 6,000
// entities under one id held the event loop 11 s at every poll.) The result is the one the first
// join gave, key order included, since a disruption's version is a digest of it.

/** Items once each by their JSON, first come first kept. */
class UniqueList<T> {
  readonly items: T[] = [];
  private readonly keys = new Set<string>();
  add(items: readonly T[]): void {
    for (const item of items) {
      const key = JSON.stringify(item);
      if (this.keys.has(key)) continue;
      this.keys.add(key);
      this.items.push(item);
    }
  }
}

/** Texts whose language the list lacks are added; one entity's own texts are kept as it sent them. */
class TextsByLanguage {
  readonly items: Translation[] = [];
  private readonly languages = new Set<string>();
  add(texts: readonly Translation[]): void {
    const fresh = texts.filter((t) => !this.languages.has(t.language));
    for (const t of fresh) {
      this.items.push(t);
      this.languages.add(t.language);
    }
  }
}

export class JoinedAlert {
  private joined:
    | {
        header: TextsByLanguage;
        description: TextsByLanguage;
        url: TextsByLanguage;
        entities: UniqueList<Content['entities'][number]>;
        periods: UniqueList<Content['periods'][number]>;
      }
    | undefined;

  constructor(private readonly first: Content) {}

  add(more: Content): this {
    if (this.joined === undefined) {
      // Only a joined alert has its periods made unique (a lone one's are kept as sent).
      this.joined = {
        header: new TextsByLanguage(),
        description: new TextsByLanguage(),
        url: new TextsByLanguage(),
        entities: new UniqueList(),
        periods: new UniqueList(),
      };
      this.addTo(this.first);
    }
    this.addTo(more);
    return this;
  }

  private addTo(content: Content): void {
    const joined = this.joined!;
    joined.header.add(content.header);
    joined.description.add(content.description);
    joined.url.add(content.url ?? []);
    joined.entities.add(content.entities);
    joined.periods.add(content.periods);
  }

  content(): Content {
    if (this.joined === undefined) return this.first;
    const url = this.joined.url.items;
    // The effect, cause and severity are the first entity's; an url the first lacked goes last.
    return {
      ...this.first,
      header: this.joined.header.items,
      description: this.joined.description.items,
      ...(url.length > 0 ? { url } : {}),
      entities: this.joined.entities.items,
      periods: this.joined.periods.items,
    };
  }
}
