// The embedded store belongs to one process (docs/adr/0027): a second opening of the same file, here
// or in another process, is refused with a reason that names the file, and the first keeps working.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { openSqlite } from './sqlite.js';

test('a second opening of the file is refused while the first holds it, and allowed once it closed', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'aviary-sqlite-')), 'aviary.db');
  const db = openSqlite(file);
  await db.run('CREATE TABLE t (n INTEGER)');
  await db.run('INSERT INTO t VALUES (1)');
  assert.throws(() => openSqlite(file), /is in use by another process/);
  const other = `import('better-sqlite3').then(({ default: D }) => {
    const c = new D(${JSON.stringify(file)}, { timeout: 100 });
    try { c.prepare('SELECT n FROM t').get(); console.log('read'); } catch (e) { console.log(e.code); }
  })`;
  assert.equal(execFileSync(process.execPath, ['-e', other], { encoding: 'utf8' }).trim(), 'SQLITE_BUSY');
  assert.deepEqual(await db.all('SELECT n FROM t'), [{ n: 1 }]);
  await db.close();
  const again = openSqlite(file);
  assert.deepEqual(await again.all('SELECT n FROM t'), [{ n: 1 }]);
  await again.close();
});
