import { decode } from 'fast-png';
import yauzl from 'yauzl';
import { readCsvRecords, type CsvRecord } from '../../src/gtfs-format/csv.js';

// Reading a PNG the bot drew, as a rider's phone would: decoded by an independent decoder
// (fast-png), colours sampled at the places the drawing's geometry puts things.

export interface Picture {
  width: number;
  height: number;
  /** [r, g, b] at a pixel. */
  at(x: number, y: number): [number, number, number];
}

export function readPng(png: Uint8Array): Picture {
  const image = decode(png);
  const channels = image.channels;
  return {
    width: image.width,
    height: image.height,
    at(x, y) {
      const i = (Math.round(y) * image.width + Math.round(x)) * channels;
      return [Number(image.data[i]), Number(image.data[i + 1]), Number(image.data[i + 2])];
    },
  };
}

/** Whether a pixel is the colour "#rrggbb", give or take antialiasing. */
export function isColour([r, g, b]: [number, number, number], hex: string, tolerance = 40): boolean {
  const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return Math.abs(r - want[0]!) + Math.abs(g - want[1]!) + Math.abs(b - want[2]!) <= tolerance;
}

/** Whether any pixel within `radius` of (x, y) is the colour. */
export function colourNear(picture: Picture, x: number, y: number, hex: string, radius = 2): boolean {
  for (let dx = -radius; dx <= radius; dx += 1)
    for (let dy = -radius; dy <= radius; dy += 1) if (isColour(picture.at(x + dx, y + dy), hex)) return true;
  return false;
}

/** One CSV file of a GTFS zip (bytes), as records. */
export function zipCsv(zip: Buffer, name: string): Promise<CsvRecord[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err !== null) return reject(err);
      file.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName !== name) return file.readEntry();
        file.openReadStream(entry, (streamErr, stream) => {
          if (streamErr !== null) return reject(streamErr);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            file.close();
            resolve(readCsvRecords(Buffer.concat(chunks).toString('utf8')));
          });
        });
      });
      file.on('end', () => reject(new Error(`${name} not in the zip`)));
      file.readEntry();
    });
  });
}
