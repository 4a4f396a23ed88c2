import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { versionOf, versionSteps } from '../../src/sources/disruption-version.js';

// A disruption's version keys the "sent" marks of its pushes: hashed a piece at a time (so that an
// alert naming 200,000 routes gives the event loop back), it must stay the digest of its JSON that
// earlier versions of the bot stored, or every disruption would be pushed again after an upgrade.

const digestOfJson = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

describe('disruption versions', () => {
  it('are the digest of the JSON, whatever the content holds', () => {
    const text = fc.array(fc.record({ language: fc.constantFrom('en', 'fr', ''), text: fc.string() }), { maxLength: 3 });
    const entity = fc.record(
      {
        agencyId: fc.string(),
        routeId: fc.string(),
        routeType: fc.integer(),
        directionId: fc.integer({ min: 0, max: 1 }),
        stopId: fc.string(),
        stopCode: fc.string(),
      },
      { requiredKeys: [] },
    );
    const content = fc.record(
      {
        effect: fc.constantFrom('detour' as const, 'no-service' as const),
        cause: fc.constantFrom('unknown' as const, 'strike' as const),
        severity: fc.constantFrom('unknown' as const, 'severe' as const),
        header: text,
        description: text,
        url: text,
        entities: fc.array(entity, { maxLength: 3_000 }),
        periods: fc.array(fc.record({ start: fc.integer(), end: fc.integer() }, { requiredKeys: [] }), { maxLength: 5 }),
      },
      { requiredKeys: ['effect', 'cause', 'severity', 'header', 'description', 'entities', 'periods'] },
    );
    fc.assert(
      fc.property(content, (c) => {
        expect(versionOf(c)).toBe(digestOfJson(c));
      }),
      { numRuns: 100 },
    );
  });

  it('pause between runs of entities: a long list is hashed in several steps', () => {
    const entities = Array.from({ length: 5_000 }, (_, i) => ({ routeId: `r${i}` }));
    const content = {
      effect: 'detour' as const,
      cause: 'unknown' as const,
      severity: 'unknown' as const,
      header: [],
      description: [],
      entities,
      periods: [],
    };
    const steps = versionSteps(content);
    let pauses = 0;
    let step = steps.next();
    while (step.done !== true) {
      pauses += 1;
      step = steps.next();
    }
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect(step.value).toBe(digestOfJson(content));
  });
});
