// A throw-away store of either kind, for the store contract suite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../../src/config/index.js';
import type { Clock } from '../../src/shared/clock.js';
import { openStore, type Db } from '../../src/store/index.js';
import { PG_URL, dropSchema, type StoreKind } from './server.js';

let n = 0;

export async function openTestStore(
  kind: StoreKind,
  clock: Clock,
): Promise<{ db: Db; config: ReturnType<typeof buildConfig>; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-store-'));
  const schema = kind === 'postgres' ? `s_${process.pid}_${Date.now().toString(36)}_${n++}` : null;
  const config = buildConfig({ dataDir, databaseUrl: kind === 'postgres' ? PG_URL : null, databaseSchema: schema });
  const db = await openStore(config, clock);
  return {
    db,
    config,
    async dispose() {
      await db.close().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
      if (schema) await dropSchema(schema);
    },
  };
}
