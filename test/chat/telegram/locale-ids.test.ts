// The few texts the Telegram adapter says itself come from the locale files through core.t();
// a missing id would reach riders as the bare id ("rate-limited").
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../src/bot/i18n.js';

const TELEGRAM_LOCALE_IDS = [
  'rate-limited',
  'refresh-up-to-date',
  'button-expired',
  'inline-usage-title',
  'inline-usage-description',
  'button-stop',
  'error-internal',
] as const;

describe('locale ids used by the Telegram adapter', () => {
  const t = createTranslator();
  for (const locale of ['en', 'fr'] as const) {
    it(`all exist in ${locale}.ftl`, () => {
      const missing = TELEGRAM_LOCALE_IDS.filter((id) => t(locale, id, { clock: '08:00' }) === id);
      expect(missing).toEqual([]);
    });
  }
});
