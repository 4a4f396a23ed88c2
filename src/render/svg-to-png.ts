import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import type { SvgToPng } from '../domain/route-line.js';

// The bot's drawings (/line's SVG) made PNG by resvg (@resvg/resvg-js: Rust, prebuilt binaries
// per platform in npm, no browser), off the event loop (renderAsync runs on libuv's pool). Text
// is set in Noto Sans Regular and Bold, shipped by an npm package (@expo-google-fonts/noto-sans,
// SIL Open Font License): never the machine's fonts, so that a picture looks the same on every
// host, a slim container with no fonts included (resvg draws no text at all without one).

const require = createRequire(import.meta.url);

/** The TTF files the drawings' text is set in (resvg reads TrueType/OpenType, not WOFF2). */
export const FONT_FILES: readonly string[] = [
  require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
  require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf'),
];

/**
 * Pictures rasterised at once; the others wait their turn. The drawing runs on libuv's pool, but
 * its PNG encoding (asPng) on the loop: a live round redrawing dozens of pictures at once had their
 * encodings land together and held the loop for 0.4 s at a time (`npm run bench line-live`); two
 * at a time keep the pool's work as busy on two cores and the encodings apart.
 */
export const RASTERISED_AT_ONCE = 2;

export function svgToPng(atOnce: number = RASTERISED_AT_ONCE): SvgToPng {
  const options = {
    font: { loadSystemFonts: false, fontFiles: [...FONT_FILES], defaultFontFamily: 'Noto Sans', sansSerifFamily: 'Noto Sans' },
    logLevel: 'off' as const,
  };
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (svg) => {
    if (running < atOnce) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return (await renderAsync(svg, options)).asPng();
    } finally {
      // The turn goes to the next waiting picture, or back to the pool of turns.
      const next = waiting.shift();
      if (next !== undefined) next();
      else running -= 1;
    }
  };
}
