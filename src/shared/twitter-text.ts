// twitter-text, loaded without one side effect of the core-js 2 polyfills it requires. core-js's feature
// test for `split` sets `constructor` on a RegExp object (core-js/modules/_fix-re-wks.js), and from then
// on V8 takes its slow, spec-step path for every split and matchAll by a RegExp in the process: a post's
// text split by a RegExp went from 0.6 to 10 µs, language detection alone from ~1.5 to 9 µs a post
// (issue #23, bench/NOTES.md "write path, fifth pass"). Node's own split passes that test, so core-js
// never installs its version: the module is entered in the require cache as loaded (empty) before
// twitter-text asks for it, and twitter-text runs exactly as before. Import twitter-text from here only
// (eslint.config.js).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const split = createRequire(require.resolve('twitter-text')).resolve('core-js/modules/es6.regexp.split');
require.cache[split] ??= { id: split, filename: split, loaded: true, exports: {} } as NodeJS.Module;

const twttr = require('twitter-text') as typeof import('twitter-text');
export default twttr;
