import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Problem } from '../shared/problems.js';
import {
  arr,
  bool,
  echo,
  id,
  ids,
  int,
  list,
  obj,
  oneOf,
  readControl,
  readJson,
  readPath,
  readQuery,
  required,
  str,
  strs,
  time,
  withDefault,
} from './input.js';

const LOOKUP = {
  ids: required(ids({ max: 100 })),
  'tweet.fields': list(['id', 'text', 'created_at']),
  max_results: withDefault(int({ min: 5, max: 100 }), 10),
  start_time: time(),
  since_id: id(),
  exclude: list(['replies', 'retweets']),
};

test('readQuery types its result from the shape', () => {
  const q = readQuery({ ids: '1,2,2', 'tweet.fields': 'id,text', start_time: '2026-01-01T00:00:00Z' }, LOOKUP);
  // Compile-time: ids and max_results are always there, the rest optional.
  const ids: string[] = q.ids;
  const max: number = q.max_results;
  const fields: Array<'id' | 'text' | 'created_at'> | undefined = q['tweet.fields'];
  assert.deepEqual(ids, ['1', '2']);
  assert.equal(max, 10);
  assert.deepEqual(fields, ['id', 'text']);
  assert.equal(q.start_time, Date.UTC(2026, 0, 1));
  assert.equal('since_id' in q, false);
});

test('readQuery reports every problem at once in the v2 words', () => {
  const problem = (() => {
    try {
      readQuery(
        { ids: 'x', max_results: '500', 'tweet.fields': 'id,nope', start_time: '2026-13-01T00:00:00Z', foo: 'bar' },
        LOOKUP,
      );
    } catch (e) {
      return e as Problem;
    }
  })()!;
  assert.ok(problem instanceof Problem);
  const messages = JSON.stringify(problem);
  for (const m of [
    'The query parameter [foo] is not one of [ids,tweet.fields,max_results,start_time,since_id,exclude]',
    'The `ids` query parameter value [x] does not match ^[0-9]{1,19}$',
    'The `max_results` query parameter value [500] is not between 5 and 100',
    'The `tweet.fields` query parameter value [nope] is not one of [id,text,created_at]',
    "Invalid 'start_time'. 'start_time' must be a valid RFC 3339 date-time (YYYY-MM-DDTHH:mm:ssZ).",
  ])
    assert.ok(messages.includes(m.replace(/"/g, '\\"')), `missing: ${m}\nin ${messages}`);
});

test('readQuery: a missing required parameter and a list past its count', () => {
  const missing = JSON.stringify(catchProblem(() => readQuery({}, LOOKUP)));
  assert.ok(missing.includes('The `ids` query parameter can not be empty'));
  const many = Array.from({ length: 101 }, (_, i) => String(i + 1)).join(',');
  assert.ok(
    JSON.stringify(catchProblem(() => readQuery({ ids: many }, LOOKUP))).includes(
      '`ids` must have between 1 and 100 items',
    ),
  );
});

test('readPath names the path parameter', () => {
  assert.equal(readPath('id', '20', id()), '20');
  assert.ok(
    JSON.stringify(catchProblem(() => readPath('id', 'abc', id()))).includes(
      'The `id` query parameter value [abc] does not match ^[0-9]{1,19}$',
    ),
  );
});

const CREATE = {
  text: str({ max: 280 }),
  reply: obj({ in_reply_to_tweet_id: required(id()) }),
  poll: obj({
    options: required(arr(str({ min: 1, max: 25 }), { min: 2, max: 4 })),
    duration_minutes: required(int({ min: 5, max: 10080 })),
  }),
  nullcast: bool(),
};

test('readJson types nested objects and uses the validator words', () => {
  const b = readJson({ text: 'hi', poll: { options: ['a', 'b'], duration_minutes: 10 } }, CREATE);
  const options: string[] | undefined = b.poll?.options;
  assert.deepEqual(options, ['a', 'b']);
  const text = JSON.stringify(
    catchProblem(() => readJson({ text: 5, reply: {}, poll: { options: ['a'], duration_minutes: 1 }, x: 1 }, CREATE)),
  );
  for (const m of [
    '$.text: integer found, string expected',
    '$.reply.in_reply_to_tweet_id: is missing but it is required',
    '$.poll.options: there must be a minimum of 2 items in the array',
    '$.poll.duration_minutes: must have a minimum value of 5',
    '$.x: is not defined in the schema and the schema does not allow additional properties',
  ])
    assert.ok(text.includes(m.replace(/"/g, '\\"')), `missing: ${m}\nin ${text}`);
});

test('readControl names the first wrong field in the control words', () => {
  const SHAPE = {
    name: required(str({ min: 1, max: 32 })),
    tier: oneOf(['free', 'basic']),
    callback_urls: strs({ what: 'absolute URLs', each: (s) => s.startsWith('http') }),
  };
  const ok = readControl({ name: 'a', tier: 'free' }, SHAPE);
  const tier: 'free' | 'basic' | undefined = ok.tier;
  assert.equal(tier, 'free');
  const cases: Array<[unknown, string]> = [
    [{}, 'name is required'],
    [{ name: { toString: null } }, 'name must be a string'],
    [{ name: 'x'.repeat(33) }, 'name must be at most 32 characters'],
    [{ name: 'a', tier: 'gold' }, 'tier must be one of free, basic'],
    [{ name: 'a', callback_urls: ['ftp:x'] }, 'callback_urls must be an array of absolute URLs'],
    [{ name: 'a', nope: 1 }, 'unknown field nope; allowed: name, tier, callback_urls'],
    [[1], 'The request body must be a JSON object.'],
  ];
  for (const [body, message] of cases)
    assert.ok(JSON.stringify(catchProblem(() => readControl(body, SHAPE))).includes(message), message);
});

test('echo cuts long values and survives what JSON cannot show', () => {
  assert.equal(echo('x'.repeat(150)).length, 101);
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  assert.ok(echo(cyclic).startsWith('{"self":') && echo(cyclic).length <= 101);
});

function catchProblem(fn: () => unknown): Problem {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof Problem, String(e));
    return e;
  }
  assert.fail('expected a problem');
}
