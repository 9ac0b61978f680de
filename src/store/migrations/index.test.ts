// The migration list against the folder: one entry per file, numbers that never repeat, and old ids
// (`formerly`) that cannot be mistaken for another migration's.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { MIGRATIONS } from './index.js';

const FILES = readdirSync(import.meta.dirname)
  .filter((f) => /^\d{4}_.*\.ts$/.test(f) && !f.endsWith('.test.ts'))
  .map((f) => f.replace(/\.ts$/, ''))
  .sort();

test('every migration file is listed once, in number order', () => {
  assert.deepEqual(
    MIGRATIONS.map((m) => m.id),
    FILES,
  );
});

test('no two migrations share a number', () => {
  const numbers = MIGRATIONS.map((m) => m.id.slice(0, 4));
  assert.equal(new Set(numbers).size, numbers.length);
});

test('each entry holds the SQL of the file its id names', async () => {
  for (const m of MIGRATIONS) {
    const file = (await import(`./${m.id}.js`)) as { default: unknown };
    assert.equal(m.sql, file.default, m.id);
  }
});

test('an old id names one migration and is no current id', () => {
  const ids = new Set(MIGRATIONS.map((m) => m.id));
  const formerly = MIGRATIONS.flatMap((m) => (m.formerly ? [m.formerly] : []));
  assert.equal(new Set(formerly).size, formerly.length);
  for (const old of formerly) assert.ok(!ids.has(old), old);
});
