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

export function svgToPng(): SvgToPng {
  const options = {
    font: { loadSystemFonts: false, fontFiles: [...FONT_FILES], defaultFontFamily: 'Noto Sans', sansSerifFamily: 'Noto Sans' },
    logLevel: 'off' as const,
  };
  return async (svg) => (await renderAsync(svg, options)).asPng();
}
