// Reset and seed: the control API's whole-store operations.
import { forgetCredentials } from '../auth/index.js';
import type { Deps } from '../deps.js';
import { seedDemo } from '../seed/demo.js';
import { oneOf, readControl, required } from '../http/input.js';
import { resetStore } from '../store/index.js';

export async function resetAll(deps: Deps) {
  const tables = await resetStore(deps.db);
  forgetCredentials(deps);
  return { emptied: tables.sort() };
}

const DATASETS = ['demo'] as const;
const SEED_BODY = { dataset: required(oneOf(DATASETS)) };

export async function seedDataset(deps: Deps, body: unknown) {
  const { dataset } = readControl(body, SEED_BODY);
  const creds = await seedDemo(deps);
  return { dataset, credentials: creds };
}
