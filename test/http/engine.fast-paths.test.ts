// A server that has started, seeded the demo dataset and created a post still has V8's species and
// iterator protectors intact. Two feature tests of core-js 2 (required by twitter-text) had turned
// engine fast paths off for the whole process (src/shared/twitter-text.ts, issue #23): one sets
// `constructor` on a RegExp (every split, replace and matchAll, ~10 µs a split), the other sets
// `Symbol.iterator` on an array (every spread, for…of, destructuring, Array.from and `new Set` of an
// array: a 900-value spread 2.5 → 56 µs). The protectors are read with V8's own `%` functions, in a
// child process started with --allow-natives-syntax.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const SCRIPT = `
const { buildConfig } = await import('./src/config/index.ts');
const { startAviary } = await import('./src/main.ts');
const config = buildConfig({ port: 0, host: '127.0.0.1', dataDir: process.env.DATA_DIR, logLevel: 'silent', banner: false });
const aviary = await startAviary(config);
try {
  const call = (path, body) => fetch(aviary.url + path, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + aviary.adminToken, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json());
  const user = await call('/_aviary/users', { username: 'protectors', name: 'P' });
  const post = await call('/_aviary/posts', { author_id: user.data.id, text: 'hello @protectors #tag https://example.com/a' });
  if (!post.data?.id) throw new Error(JSON.stringify(post));
  console.log(JSON.stringify({
    regexp: %RegExpSpeciesProtector(),
    array: %ArraySpeciesProtector(),
    promise: %PromiseSpeciesProtector(),
    arrayIterator: %ArrayIteratorProtector(),
    mapIterator: %MapIteratorProtector(),
    setIterator: %SetIteratorProtector(),
    stringIterator: %StringIteratorProtector(),
  }));
} finally {
  await aviary.close();
}
`;

test('the started server keeps V8 fast paths of RegExp, Array and Promise methods and of iteration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'aviary-protectors-'));
  try {
    const r = spawnSync(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 },
    );
    assert.equal(r.status, 0, r.stderr);
    const line = r.stdout.trim().split('\n').at(-1)!;
    assert.deepEqual(JSON.parse(line), {
      regexp: true,
      array: true,
      promise: true,
      arrayIterator: true,
      mapIterator: true,
      setIterator: true,
      stringIterator: true,
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
