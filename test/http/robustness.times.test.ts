// Issue #15 (7): impossible date-times in `start_time`/`end_time` (a leap second, month 13, an
// offset of +99:99, February 30th) are 400 invalid-request with each endpoint's usual message, on
// every endpoint that takes them; before, some were 500s and others answered 200 with nothing.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newApp } from '../support/actors.js';
import { forEachStore, startServer, type TestServer } from '../support/server.js';

const IMPOSSIBLE = [
  '2016-12-31T23:59:60Z',
  '2026-13-01T00:00:00Z',
  '2026-01-01T00:00:00+99:99',
  '2026-02-30T00:00:00Z',
  '2026-01-01T24:00:00Z',
  '2026-01-01T00:00:00+14:30',
];
const v2Message = (name: string) =>
  `Invalid '${name}'. '${name}' must be a valid RFC 3339 date-time (YYYY-MM-DDTHH:mm:ssZ).`;

forEachStore('robustness: impossible date-times', (store) => {
  let s: TestServer;
  let bearer: string;
  before(async () => {
    s = await startServer({ store });
    bearer = `Bearer ${(await newApp(s)).bearer_token}`;
  });
  after(async () => {
    await s.close();
  });

  const get = (path: string) => s.call('GET', path, { auth: bearer });

  test('counts, search, timelines and the filtered stream answer 400 with the time-parameter message', async () => {
    for (const path of [
      '/2/tweets/counts/recent?query=hello',
      '/2/tweets/counts/all?query=hello',
      '/2/tweets/search/recent?query=hello',
      '/2/tweets/search/all?query=hello',
      '/2/users/12/tweets?max_results=5',
      '/2/tweets/search/stream',
    ])
      for (const name of ['start_time', 'end_time'])
        for (const value of IMPOSSIBLE) {
          const res = await get(`${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`);
          assert.equal(res.status, 400, `${path} ${name}=${value}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.type, 'https://api.twitter.com/2/problems/invalid-request');
          assert.deepEqual(res.body.errors, [{ parameters: { [name]: [value] }, message: v2Message(name) }]);
        }
  });

  test('the activity stream answers 400 with its own message', async () => {
    for (const name of ['start_time', 'end_time'])
      for (const value of IMPOSSIBLE) {
        const res = await get(`/2/activity/stream?${name}=${encodeURIComponent(value)}`);
        assert.equal(res.status, 400, `${name}=${value}`);
        assert.equal(
          res.body.errors[0].message,
          `The \`${name}\` query parameter value [${value}] is not a valid RFC 3339 date-time`,
        );
      }
  });

  test('real instants with offsets are still read, as the instant they name', async () => {
    const now = Date.now();
    const start = new Date(now - 3_600_000);
    // The same instant two hours east of UTC.
    const shifted = new Date(start.getTime() + 2 * 3_600_000).toISOString().slice(0, 19) + '+02:00';
    const res = await get(
      `/2/tweets/counts/recent?query=hello&granularity=hour&start_time=${encodeURIComponent(shifted)}`,
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(Date.parse(res.body.data[0].start), Math.floor(start.getTime() / 1000) * 1000);
  });
});
