// Reset and seed: the control API's whole-store operations.
import { forgetCredentials } from '../auth/index.js';
import type { Deps } from '../deps.js';
import { seedDemo } from '../seed/demo.js';
import { problems } from '../shared/problems.js';
import { resetStore } from '../store/index.js';
import { oneOf, onlyFields, type Body } from './body.js';

export async function resetAll(deps: Deps) {
  const tables = await resetStore(deps.db);
  forgetCredentials(deps);
  return { emptied: tables.sort() };
}

const DATASETS = ['demo'] as const;

export async function seedDataset(deps: Deps, b: Body) {
  onlyFields(b, ['dataset']);
  const dataset = oneOf(b, 'dataset', DATASETS);
  if (!dataset) throw problems.invalidParam('dataset', '', `dataset is required; one of ${DATASETS.join(', ')}`);
  const creds = await seedDemo(deps);
  return { dataset, credentials: creds };
}
