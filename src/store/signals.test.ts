import assert from 'node:assert/strict';
import { test } from 'node:test';
import { localSignals, onOutbox } from './signals.js';

const tick = () => new Promise((r) => setImmediate(r));

test('onOutbox: every reader wakes for its topics; a claimer (pending) only for rows still to settle', async () => {
  const signals = localSignals();
  const woken = { streams: 0, fanOut: 0, other: 0 };
  await onOutbox(signals, ['post.create', 'like.create'], () => woken.streams++);
  await onOutbox(signals, ['post.create'], () => woken.fanOut++, { pending: true });
  await onOutbox(signals, ['delivery'], () => woken.other++);
  // Migration 0042's form: the topics written, then again, marked, those of rows written pending.
  await signals.notify('outbox', 'post.create');
  await tick();
  assert.deepEqual(woken, { streams: 1, fanOut: 0, other: 0 });
  await signals.notify('outbox', 'like.create,post.create,post.create!');
  await tick();
  assert.deepEqual(woken, { streams: 2, fanOut: 1, other: 0 });
  await signals.notify('outbox', 'delivery,delivery!');
  await tick();
  assert.deepEqual(woken, { streams: 2, fanOut: 1, other: 1 });
});
