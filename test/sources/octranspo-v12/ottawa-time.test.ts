import { describe, expect, it } from 'vitest';
import { parseOttawaTimestamp } from '../../../src/sources/octranspo-v12/index.js';

describe('parseOttawaTimestamp', () => {
  it('reads a summer time as EDT (UTC-4)', () => {
    expect(parseOttawaTimestamp('20180831114042')?.toISOString()).toBe('2018-08-31T15:40:42.000Z');
  });

  it('reads a winter time as EST (UTC-5)', () => {
    expect(parseOttawaTimestamp('20240115083000')?.toISOString()).toBe('2024-01-15T13:30:00.000Z');
  });

  it('switches on the DST dates of the year (2024: 10 March and 3 November)', () => {
    expect(parseOttawaTimestamp('20240310015959')?.toISOString()).toBe('2024-03-10T06:59:59.000Z');
    expect(parseOttawaTimestamp('20240310030000')?.toISOString()).toBe('2024-03-10T07:00:00.000Z');
    expect(parseOttawaTimestamp('20241103000000')?.toISOString()).toBe('2024-11-03T04:00:00.000Z');
    expect(parseOttawaTimestamp('20241103030000')?.toISOString()).toBe('2024-11-03T08:00:00.000Z');
  });

  it('takes the earlier (EDT) instant in the repeated autumn hour', () => {
    expect(parseOttawaTimestamp('20241103013000')?.toISOString()).toBe('2024-11-03T05:30:00.000Z');
  });

  it('reads a time in the spring gap with the winter offset', () => {
    expect(parseOttawaTimestamp('20240310023000')?.toISOString()).toBe('2024-03-10T07:30:00.000Z');
  });

  it('crosses midnight and the year end in UTC', () => {
    expect(parseOttawaTimestamp('20231231233000')?.toISOString()).toBe('2024-01-01T04:30:00.000Z');
  });

  it.each(['', '2018083111404', '201808311140421', '20180231114042', '20181331114042', '20180831244042', '20180831116042', 'abcdefghijklmn'])(
    'refuses %j',
    (stamp) => {
      expect(parseOttawaTimestamp(stamp)).toBeUndefined();
    },
  );

  it('refuses years before 1970 rather than reading 0050 as 1950', () => {
    expect(parseOttawaTimestamp('00500101083000')).toBeUndefined();
    expect(parseOttawaTimestamp('19691231235959')).toBeUndefined();
    expect(parseOttawaTimestamp('19700101000000')?.toISOString()).toBe('1970-01-01T05:00:00.000Z');
  });
});
