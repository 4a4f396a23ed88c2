// Why SQLite could not open its file, in words an operator can act on. SQLite's own codes are
// terse (CANTOPEN covers a folder in the way, a missing permission and more), so the file system
// is asked what is actually wrong.
import { accessSync, constants, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { oneLine } from './errors.js';

export function sqliteOpenFailure(file: string, err: unknown): string {
  switch (primaryCode(codeOf(err))) {
    case 'SQLITE_NOTADB':
      return 'file is not a database';
    case 'SQLITE_CORRUPT':
      return 'the database file is damaged (malformed)';
    case 'SQLITE_READONLY':
      return writable(file) ? 'the database is read-only' : 'the file is not writable (permission denied)';
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return 'another program holds a lock on it';
    case 'SQLITE_CANTOPEN':
      return cantOpen(file);
    default:
      return oneLine(err).replace(/^SQLITE_[A-Z_]+: /, '');
  }
}

/** The folder could not be created (mkdir failed). */
export function folderFailure(folder: string, err: unknown): string {
  const reason: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EEXIST: 'a file is in the way',
    ENOTDIR: 'a file is in the way',
    EROFS: 'read-only file system',
    ENOSPC: 'no space left on the device',
    // Under a parent that exists: a kernel file system such as /proc.
    ENOENT: 'the file system there takes no new folders',
  };
  return `cannot create its folder ${folder} (${reason[codeOf(err) ?? ''] ?? oneLine(err)})`;
}

function cantOpen(file: string): string {
  let isFolder: boolean;
  try {
    isFolder = statSync(file).isDirectory();
  } catch {
    return writable(dirname(file))
      ? 'unable to open the database file'
      : `its folder ${dirname(file)} is not writable, so the file cannot be created`;
  }
  if (isFolder) return 'a folder is in the way where the file should be';
  return readableAndWritable(file) ? 'unable to open the database file' : 'permission denied';
}

/** SQLite's primary code of an extended one: SQLITE_READONLY_DIRECTORY is a SQLITE_READONLY. */
function primaryCode(code: string | undefined): string | undefined {
  return code?.startsWith('SQLITE_') ? `SQLITE_${code.slice('SQLITE_'.length).split('_')[0]}` : code;
}

function codeOf(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

function writable(path: string): boolean {
  return accessible(path, constants.W_OK);
}

function readableAndWritable(path: string): boolean {
  return accessible(path, constants.R_OK | constants.W_OK);
}

function accessible(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
