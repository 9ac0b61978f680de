import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Deps } from '../deps.js';
import { createClock } from '../shared/clock.js';
import { clockJson } from './clock.js';

test("the clock's JSON follows the instant and the mode, also when only the mode changes", () => {
  let wall = Date.parse('2031-05-06T07:08:09.010Z');
  const clock = createClock(() => wall);
  const deps = { clock } as unknown as Deps;
  const read = () => JSON.parse(clockJson(deps)) as { data: { now: string; mode: string } };
  assert.deepEqual(read(), { data: { now: '2031-05-06T07:08:09.010Z', mode: 'real' } });
  clock.setVirtual(wall);
  assert.deepEqual(read(), { data: { now: '2031-05-06T07:08:09.010Z', mode: 'virtual' } }, 'same instant, other mode');
  clock.setVirtual(wall + 1);
  assert.equal(read().data.now, '2031-05-06T07:08:09.011Z');
  clock.setReal();
  wall += 86_400_000;
  assert.deepEqual(read(), { data: { now: '2031-05-07T07:08:09.010Z', mode: 'real' } });
  assert.equal(
    clockJson({ clock: createClock(() => wall) } as unknown as Deps),
    clockJson(deps),
    'servers in one process agree',
  );
});
