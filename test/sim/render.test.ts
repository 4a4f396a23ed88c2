import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { dotNetJson, numberIfNumeric, oneOrMany } from '../../src/sim/render/dotnet-json.js';
import { el, renderXml } from '../../src/sim/render/xml.js';

describe('XML writer', () => {
  it('escapes every text and attribute, so any stop name or heading stays well-formed', () => {
    const nasty = `R&D <Centre> "Q" 'A' ]]>`;
    const xml = renderXml(el('Gtfs', [el('result', [el('stop_name', nasty)], { id: `1"&<` })]));
    expect(xml).toContain('<stop_name>R&amp;D &lt;Centre&gt; "Q" \'A\' ]]&gt;</stop_name>');
    expect(xml).toContain('<result id="1&quot;&amp;&lt;">');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', htmlEntities: true }).parse(xml) as {
      Gtfs: { result: Record<string, unknown> };
    };
    expect(parsed.Gtfs.result.stop_name).toBe(nasty);
    expect(parsed.Gtfs.result['@id']).toBe('1"&<');
  });

  it('writes empty values as empty elements and starts with the XML declaration', () => {
    expect(renderXml(el('Trip', [el('Latitude', ''), el('BusType', '6EB - 60')]))).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<Trip>\n  <Latitude/>\n  <BusType>6EB - 60</BusType>\n</Trip>\n',
    );
  });
});

describe('service-style JSON', () => {
  it('escapes "/" and non-ASCII characters and still parses back to the same value', () => {
    const value = { heading: 'Airport / Aéroport', name: 'Université Saint-Paul ~ 😀' };
    const text = dotNetJson(value);
    expect(text).toBe('{"heading":"Airport \\/ A\\u00e9roport","name":"Universit\\u00e9 Saint-Paul ~ \\ud83d\\ude00"}');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('writes one entry bare and several as a list, and numeric route numbers as numbers', () => {
    expect(oneOrMany([1])).toBe(1);
    expect(oneOrMany([1, 2])).toEqual([1, 2]);
    expect(oneOrMany([])).toEqual([]);
    expect([numberIfNumeric('95'), numberIfNumeric('R2'), numberIfNumeric('')]).toEqual([95, 'R2', '']);
  });
});
