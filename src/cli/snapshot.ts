// `aviary export [--data-dir DIR | --database-url URL] FILE` and `aviary import … FILE`: the whole
// state to and from one file, on a store no server is running on (a running server has GET and PUT
// /_aviary/state). The store is opened (and migrated) as `aviary start` would open it.
import { readFileSync, writeFileSync } from 'node:fs';
import { ConfigError, loadConfig } from '../config/index.js';
import { exportStore, importStore, SnapshotError } from '../snapshot/index.js';
import { createClock } from '../shared/clock.js';
import { openStore } from '../store/index.js';

function fileArg(rest: string[], command: string): string {
  if (rest.length !== 1) throw new ConfigError(`${command} takes one file name, got: ${rest.join(' ') || 'none'}`);
  return rest[0]!;
}

/** Where a command writes its summary (a line of JSON) and its refusals. */
export type Out = { stdout: { write(s: string): unknown }; stderr: { write(s: string): unknown } };

export async function exportCommand(argv: string[], out: Out = process): Promise<void> {
  const { config, rest } = loadConfig(argv);
  const file = fileArg(rest, 'export');
  const clock = createClock();
  const db = await openStore(config, clock);
  try {
    const bytes = await exportStore(db, clock.now());
    writeFileSync(file, bytes);
    out.stdout.write(JSON.stringify({ file, bytes: bytes.length, store: db.dialect, location: db.location }) + '\n');
  } finally {
    await db.close();
  }
}

export async function importCommand(argv: string[], out: Out = process): Promise<void> {
  const { config, rest } = loadConfig(argv);
  const file = fileArg(rest, 'import');
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (err) {
    throw new ConfigError(`cannot read ${file}: ${(err as Error).message}`);
  }
  const clock = createClock();
  const db = await openStore(config, clock);
  try {
    const loaded = await importStore(db, bytes, clock.wall());
    out.stdout.write(JSON.stringify({ file, store: db.dialect, location: db.location, ...loaded }) + '\n');
  } catch (err) {
    if (err instanceof SnapshotError) {
      out.stderr.write(`aviary: ${file} not imported, the store is unchanged: ${err.message}\n`);
      process.exitCode = 1;
      return;
    }
    throw err;
  } finally {
    await db.close();
  }
}
