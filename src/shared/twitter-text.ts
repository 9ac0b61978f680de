// twitter-text, loaded without two side effects of the core-js 2 polyfills it requires. Each is a feature
// test that turns a V8 fast path off for the whole process:
// - the test for `split` sets `constructor` on a RegExp object (core-js/modules/_fix-re-wks.js), and
//   from then on V8 takes its slow, spec-step path for every split, replace and matchAll by a RegExp:
//   split 0.6 → 10.9 µs, replace 0.15 → 1.3 µs, matchAll 0.9 → 2.6 µs on a 70-character string,
//   language detection 1.2 → 9 µs a post (issue #23, bench/NOTES.md "write path, fifth pass");
// - the test for `Array.from` (core-js/modules/_iter-detect.js) sets `Symbol.iterator` on an array, and
//   from then on every spread, for…of, destructuring, `Array.from` and `new Set` of an array walks the
//   iterator protocol: a 900-value spread 2.5 → 56 µs, `Array.from` of four 21 → 860 ns (issue #23,
//   "write path, twenty-second pass").
// Node's own split and Array.from pass those tests, so core-js never installs its versions: the two
// modules are entered in the require cache as loaded (empty) before twitter-text asks for them, and
// twitter-text runs exactly as before. Import twitter-text from here only (eslint.config.js);
// test/http/engine.fast-paths.test.ts checks the protectors in a started server.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const polyfills = createRequire(require.resolve('twitter-text'));
for (const name of ['es6.regexp.split', 'es6.array.from']) {
  const file = polyfills.resolve(`core-js/modules/${name}`);
  require.cache[file] ??= { id: file, filename: file, loaded: true, exports: {} } as NodeJS.Module;
}

const twttr = require('twitter-text') as typeof import('twitter-text');
export default twttr;
