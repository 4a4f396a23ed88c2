import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

// A GTFS zip read from disk one file at a time: nothing is unpacked to disk and no file is held
// whole in memory (a city's stop_times.txt is hundreds of megabytes).

export interface ZipFile {
  /** Uncompressed size by file name ("stop_times.txt"), for the progress bar; folders inside the zip are ignored. */
  sizes: Map<string, number>;
  open(name: string): Promise<Readable>;
  close(): void;
}

class FileReader extends yauzl.RandomAccessReader {
  constructor(private readonly path: string) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    return createReadStream(this.path, { start, end: end - 1 });
  }
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;

/**
 * Where the zip proper ends. Downloads are sometimes followed by bytes that are not zip (an HTML
 * error page appended by a proxy, as in a published Caltrain capture); `unzip` reads past them and
 * so do we, by handing yauzl only the bytes up to the end of the central directory record.
 */
async function zipLength(path: string): Promise<number> {
  const handle = await open(path, 'r');
  try {
    const size = (await handle.stat()).size;
    const tail = Math.min(size, 65_557 + 4096);
    const buffer = Buffer.alloc(tail);
    await handle.read(buffer, 0, tail, size - tail);
    for (let i = tail - 22; i >= 0; i--) {
      if (buffer.readUInt32LE(i) !== END_OF_CENTRAL_DIRECTORY) continue;
      const end = size - tail + i + 22 + buffer.readUInt16LE(i + 20);
      if (end <= size) return end;
    }
    return size;
  } finally {
    await handle.close();
  }
}

export async function openZip(path: string): Promise<ZipFile> {
  const length = await zipLength(path);
  const reader = new FileReader(path);
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(reader, length, { lazyEntries: true, autoClose: false, strictFileNames: false }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, yauzl.Entry>();
      zip.on('entry', (entry: yauzl.Entry) => {
        // Some exporters put the files in a folder: the base name is what GTFS means.
        const name = entry.fileName.split('/').pop() ?? '';
        if (name !== '' && !entries.has(name)) entries.set(name, entry);
        zip.readEntry();
      });
      zip.once('error', reject);
      zip.once('end', () =>
        resolve({
          sizes: new Map([...entries].map(([name, entry]) => [name, entry.uncompressedSize])),
          open: (name) =>
            new Promise((ok, fail) => {
              const entry = entries.get(name);
              if (entry === undefined) return fail(new Error(`${name} is not in the zip`));
              zip.openReadStream(entry, (e, stream) => (e ? fail(e) : ok(stream)));
            }),
          close: () => zip.close(),
        }),
      );
      zip.readEntry();
    });
  });
}
