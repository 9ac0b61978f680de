// A rule's definition for the faults tests: a request rule that answers 503 every time, as given.
import type { NewRule } from './faults.rules.js';

export const newRule = (over: Partial<NewRule> = {}): NewRule => ({
  id: '1',
  target: 'request',
  action: 'error',
  match: {},
  answer: { status: 503 },
  latency_ms: 0,
  disconnect_type: null,
  probability: 1,
  count: null,
  seed: 0,
  created_at: 0,
  expires_at: null,
  ...over,
});
