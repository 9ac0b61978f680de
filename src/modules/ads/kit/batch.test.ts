import assert from 'node:assert/strict';
import { test } from 'node:test';
import { int, required, str } from '../../../http/input.js';
import { applyAll, errorsOf, readOperations } from './batch.js';
import { invalid } from './errors.js';
import { clearable } from './params.js';

const SHAPES = {
  Create: { name: required(str({ min: 1 })), size: int() },
  Update: { thing_id: required(str()), size: clearable(int()) },
  Delete: { thing_id: required(str()) },
};

test('each operation is read with its own shape; a refused one keeps its errors', () => {
  const reads = readOperations(
    [
      { operation_type: 'Create', params: { name: 'a', size: 2 } },
      { operation_type: 'Update', params: { thing_id: 'x', size: '' } },
      { operation_type: 'Nope', params: {} },
      { operation_type: 'Delete', params: {} },
    ],
    'acc',
    { max: 10, shapes: SHAPES },
  );
  assert.deepEqual(
    reads.map((r) => r.op),
    [
      { type: 'Create', params: { name: 'a', size: 2 } },
      { type: 'Update', params: { thing_id: 'x', size: null } },
      null,
      null,
    ],
  );
  assert.deepEqual(
    reads.slice(2).map((r) => r.errors.map((e) => [e.code, e.parameter])),
    [[['INVALID_PARAMETER', 'operation_type']], [['MISSING_PARAMETER', 'thing_id']]],
  );
});

test('applyAll hands each operation its typed params, and collects every refusal in input order', async () => {
  const reads = readOperations(
    [
      { operation_type: 'Create', params: { name: 'a', size: 2 } },
      { operation_type: 'Update', params: { thing_id: 'x', size: 3 } },
      { operation_type: 'Delete', params: { thing_id: 'y' } },
    ],
    'acc',
    { max: 10, shapes: SHAPES },
  );
  const done = await applyAll(reads, async (op) => {
    switch (op.type) {
      case 'Create': {
        // Typed from the Create shape: a required string and an optional number.
        const [name, size]: [string, number | undefined] = [op.params.name, op.params.size];
        return `${name}:${size}`;
      }
      case 'Update': {
        const size: number | null | undefined = op.params.size;
        // @ts-expect-error: Update params have no name
        void op.params.name;
        return `${op.params.thing_id}:${size}`;
      }
      case 'Delete':
        return op.params.thing_id;
    }
  });
  assert.deepEqual(done, ['a:2', 'x:3', 'y']);

  const failing = applyAll(reads, async (op) => {
    if (op.type === 'Delete') throw invalid('thing_id', 'not this one');
    return op.type;
  });
  const e = await failing.then(
    () => assert.fail('applyAll should throw'),
    (err: unknown) => err,
  );
  assert.deepEqual(
    errorsOf(e)!.map((x) => [x.code, x.parameter]),
    [['INVALID_PARAMETER', 'thing_id']],
  );
});
