import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';

// A GTFS zip read from disk one file at a time: nothing is unpacked to disk and no file is held
// whole in memory (a city's stop_times.txt is hundreds of megabytes). The feed's files are the
// zip's top-level ones, or those of the one folder that holds stops.txt when an exporter put them
// in a folder: never a stops.txt tucked in another folder, and never a name given twice.

export interface ZipEntrySize {
  /** As the zip declares it; yauzl fails the read when the bytes disagree. */
  uncompressed: number;
  compressed: number;
}

export interface ZipFile {
  /** The feed's files by name ("stop_times.txt"). */
  sizes: Map<string, ZipEntrySize>;
  open(name: string): Promise<Readable>;
  close(): void;
}

export class ZipLayoutError extends Error {
  override readonly name = 'ZipLayoutError';
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
      const all: yauzl.Entry[] = [];
      // yauzl reports a broken central directory as an event; after the listing, a broken entry
      // surfaces on that entry's own stream instead. Either way it must not go unheard.
      let broken: Error | undefined;
      zip.on('error', (e: Error) => {
        broken ??= e;
        reject(e);
      });
      zip.on('entry', (entry: yauzl.Entry) => {
        if (!entry.fileName.endsWith('/')) all.push(entry);
        zip.readEntry();
      });
      zip.once('end', () => {
        const entries = feedEntries(all);
        if (entries instanceof ZipLayoutError) {
          zip.close();
          return reject(entries);
        }
        resolve({
          sizes: new Map([...entries].map(([name, entry]) => [name, { uncompressed: entry.uncompressedSize, compressed: entry.compressedSize }])),
          open: (name) =>
            new Promise((ok, fail) => {
              const entry = entries.get(name);
              if (broken !== undefined) return fail(broken);
              if (entry === undefined) return fail(new Error(`${name} is not in the zip`));
              zip.openReadStream(entry, (e, stream) => (e ? fail(e) : ok(stream)));
            }),
          close: () => zip.close(),
        });
      });
      zip.readEntry();
    });
  });
}

/** The feed's own files: the top level's, else those beside the shallowest stops.txt; each name once. */
function feedEntries(all: yauzl.Entry[]): Map<string, yauzl.Entry> | ZipLayoutError {
  const folderOf = (entry: yauzl.Entry) => entry.fileName.slice(0, entry.fileName.lastIndexOf('/') + 1);
  const depth = (folder: string) => folder.split('/').length - 1;
  const homes = all.filter((entry) => entry.fileName.split('/').pop() === 'stops.txt').map(folderOf);
  const shallowest = Math.min(...homes.map(depth));
  const candidates = [...new Set(homes.filter((folder) => depth(folder) === shallowest))];
  if (candidates.length > 1) return new ZipLayoutError(`stops.txt is in several folders (${candidates.slice(0, 3).join(', ')})`);
  const home = candidates[0] ?? '';
  const entries = new Map<string, yauzl.Entry>();
  for (const entry of all) {
    if (folderOf(entry) !== home) continue;
    const name = entry.fileName.slice(home.length);
    if (entries.has(name)) return new ZipLayoutError(`the zip holds ${name.slice(0, 60)} twice`);
    entries.set(name, entry);
  }
  return entries;
}
