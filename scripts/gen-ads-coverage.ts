// Writes docs/ads-coverage.md from the Ads endpoint table (src/modules/ads/kit/coverage.ts).
// `npm run gen:ads-coverage`; src/modules/ads/kit/coverage.test.ts fails when the file is out of step.
import { writeFileSync } from 'node:fs';
import { coverageMarkdown } from '../src/modules/ads/kit/coverage.js';

writeFileSync(new URL('../docs/ads-coverage.md', import.meta.url), coverageMarkdown());
console.log('docs/ads-coverage.md written');
