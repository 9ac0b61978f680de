import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EMPTY_SELECTION } from '../../shared/selection.js';
import { ruleCursor, ruleToken, ruleView } from './rules.view.js';
import { messageLine, selectionKey } from './stream.render.js';

test('rule page tokens are 16 characters and give the id back', () => {
  for (const id of ['1', '1273026480692322304', '9223372036854775807']) {
    const token = ruleToken(id);
    assert.equal(token.length, 16);
    assert.equal(ruleCursor(token), id);
  }
  assert.equal(ruleCursor('not-a-token-1234'), null);
  assert.equal(ruleCursor('short'), null);
});

test('a rule shows its tag only when it has one', () => {
  assert.deepEqual(ruleView({ id: '1', app_id: 'a', value: 'cat', tag: null, created_at: 0 }), {
    id: '1',
    value: 'cat',
  });
  assert.deepEqual(ruleView({ id: '1', app_id: 'a', value: 'cat', tag: 'c', created_at: 0 }), {
    id: '1',
    value: 'cat',
    tag: 'c',
  });
});

test('a message is the rendered envelope with matching_rules last, ended by \\r\\n', () => {
  const line = messageLine('{"data":{"id":"1","text":"hi"}}', [{ id: '9', tag: 't' }, { id: '10' }]);
  assert.equal(line, '{"data":{"id":"1","text":"hi"},"matching_rules":[{"id":"9","tag":"t"},{"id":"10"}]}\r\n');
  assert.deepEqual(JSON.parse(line), {
    data: { id: '1', text: 'hi' },
    matching_rules: [{ id: '9', tag: 't' }, { id: '10' }],
  });
});

test('field selections that differ only in order share a key', () => {
  const a = selectionKey({ ...EMPTY_SELECTION, tweet: ['lang', 'created_at'], expansions: ['author_id'] });
  const b = selectionKey({ ...EMPTY_SELECTION, tweet: ['created_at', 'lang'], expansions: ['author_id'] });
  assert.equal(a, b);
  assert.notEqual(a, selectionKey(EMPTY_SELECTION));
});
