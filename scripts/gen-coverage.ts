// Writes docs/coverage.md from the OpenAPI document and the routes a started Aviary registers
// (src/modules/openapi/openapi.coverage.ts). `npm run gen:coverage`; test/http/openapi.coverage.test.ts
// fails when the file is out of step.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildConfig } from '../src/config/index.js';
import { startAviary } from '../src/main.js';
import { coverageMarkdown, servedBy, type OpenApiDoc } from '../src/modules/openapi/index.js';

const dataDir = mkdtempSync(join(tmpdir(), 'aviary-coverage-'));
const aviary = await startAviary(
  buildConfig({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'silent', banner: false, databaseUrl: null }),
);
try {
  const doc = JSON.parse(readFileSync(new URL('../spec/x-api-v2-openapi.json', import.meta.url), 'utf8')) as OpenApiDoc;
  writeFileSync(new URL('../docs/coverage.md', import.meta.url), coverageMarkdown(doc, servedBy(aviary.app)));
  console.log('docs/coverage.md written');
} finally {
  await aviary.close();
  rmSync(dataDir, { recursive: true, force: true });
}
