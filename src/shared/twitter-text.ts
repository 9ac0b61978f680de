// twitter-text, loaded without one side effect of the core-js 2 polyfills it requires. core-js's feature
// test for `split` sets `constructor` on a RegExp object (core-js/modules/_fix-re-wks.js), and from then
// on V8 takes its slow, spec-step path for every split, replace and matchAll by a RegExp in the process:
// split 0.6 → 10.9 µs, replace 0.15 → 1.3 µs, matchAll 0.9 → 2.6 µs on a 70-character string, language
// detection 1.2 → 9 µs a post (issue #23, bench/NOTES.md "write path, fifth pass"). Node's own split
// passes that test, so core-js never installs its version: the module is entered in the require cache
// as loaded (empty) before twitter-text asks for it, and twitter-text runs exactly as before. Import
// twitter-text from here only (eslint.config.js).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const split = createRequire(require.resolve('twitter-text')).resolve('core-js/modules/es6.regexp.split');
require.cache[split] ??= { id: split, filename: split, loaded: true, exports: {} } as NodeJS.Module;

const twttr = require('twitter-text') as typeof import('twitter-text');
export default twttr;
