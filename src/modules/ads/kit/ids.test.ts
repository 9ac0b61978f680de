import assert from 'node:assert/strict';
import { test } from 'node:test';
import { rawInt, writeRawInts } from './ids.js';

test('rawInt: a 64-bit id written as its exact digits; a stored text that looks like a marker stays a string', () => {
  const body = { id: rawInt('1326131366453198848'), id_str: '1326131366453198848', text: '\u0000int:5', name: 'int:7' };
  assert.equal(
    writeRawInts(JSON.stringify(body)),
    '{"id":1326131366453198848,"id_str":"1326131366453198848","text":"\\u0000int:5","name":"int:7"}',
  );
  assert.equal(writeRawInts('{"a":"b"}'), '{"a":"b"}');
});
