// Connection management (notes §8.3): GET /2/connections lists the app's active streaming
// connections (and the history), the three DELETE forms end them with the in-stream
// `operational-disconnect` error and then close the stream.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { xdk } from '../support/sdk.js';
import { forEachStore, poll, startServer, type TestServer } from '../support/server.js';
import { appWithRules, openStream, specChecks, word, type RawStream } from './stream.client.js';

const DISCONNECT = 'https://api.twitter.com/2/problems/operational-disconnect';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

forEachStore('stream connections', (store) => {
  let s: TestServer;
  const spec = specChecks();
  before(async () => {
    s = await startServer({ store, beforeListen: spec.install });
  });
  after(async () => {
    await s.close();
    assert.deepEqual(spec.violations, []);
  });

  const call = (method: string, path: string, bearer: string, body?: unknown) =>
    s.call(method, path, { auth: `Bearer ${bearer}`, body });

  /** The stream ended with exactly one in-stream operational-disconnect error as its last line. */
  async function endedByOperator(stream: RawStream) {
    await stream.ended;
    const last = stream.lines.at(-1);
    assert.deepEqual(last, {
      errors: [
        {
          title: 'operational-disconnect',
          type: DISCONNECT,
          detail: 'This stream has been disconnected for operational reasons.',
          disconnect_type: 'ForceDisconnect',
        },
      ],
    });
  }

  test("GET /2/connections: the app's active connections; connection.fields adds the uuid and client ip", async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const other = await appWithRules(s, [{ value: word() }]);
    const stream = await openStream(s, app.bearer);
    const theirs = await openStream(s, other.bearer);
    try {
      const res = await call(
        'GET',
        '/2/connections?connection.fields=id,client_ip,connected_at,endpoint_name',
        app.bearer,
      );
      assert.equal(res.status, 200);
      assert.equal(res.body.meta.result_count, 1);
      const [c] = res.body.data;
      assert.equal(c.endpoint_name, 'filtered_stream');
      assert.match(c.connected_at, ISO);
      assert.match(c.id, /^[0-9a-f-]{36}$/);
      assert.equal(c.client_ip, '127.0.0.1');
      const plain = await call('GET', '/2/connections', app.bearer);
      assert.deepEqual(Object.keys(plain.body.data[0]).sort(), ['connected_at', 'endpoint_name']);
    } finally {
      await stream.close();
      await theirs.close();
    }
    const history = await poll(async () => {
      const r = await call('GET', '/2/connections?status=inactive', app.bearer);
      return r.body.meta.result_count === 1 ? r.body : null;
    });
    assert.equal(history.data[0].disconnect_reason, 'client_disconnect');
    assert.match(history.data[0].disconnected_at, ISO);
  });

  test('DELETE /2/connections/all ends every connection of the app with operational-disconnect, then closes', async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const other = await appWithRules(s, [{ value: word() }]);
    const [a, b] = [await openStream(s, app.bearer), await openStream(s, app.bearer)];
    const theirs = await openStream(s, other.bearer);
    try {
      const res = await call('DELETE', '/2/connections/all', app.bearer);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.successful_kills, 2);
      assert.equal(res.body.data.failed_kills, 0);
      assert.equal(res.body.data.results.length, 2);
      await endedByOperator(a);
      await endedByOperator(b);
      assert.equal(theirs.isEnded(), false);
      const history = await call('GET', '/2/connections?status=all&max_results=1', app.bearer);
      assert.equal(history.body.data[0].disconnect_reason, 'operator_disconnect');
      assert.ok(history.body.meta.next_token);
      const next = await call(
        'GET',
        `/2/connections?status=all&max_results=1&pagination_token=${history.body.meta.next_token}`,
        app.bearer,
      );
      assert.equal(next.body.data[0].disconnect_reason, 'operator_disconnect');
    } finally {
      await theirs.close();
    }
  });

  test('DELETE /2/connections/{endpoint_id}: filtered_stream ends them, another endpoint kills nothing, an unknown one is 400', async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const stream = await openStream(s, app.bearer);
    const none = await call('DELETE', '/2/connections/sample_stream', app.bearer);
    assert.deepEqual(none.body.data, { successful_kills: 0, failed_kills: 0, results: [] });
    const killed = await call('DELETE', '/2/connections/filtered_stream', app.bearer);
    assert.equal(killed.body.data.successful_kills, 1);
    await endedByOperator(stream);
    const bad = await call('DELETE', '/2/connections/not_a_stream', app.bearer);
    assert.equal(bad.status, 400);
  });

  test('DELETE /2/connections {uuids}: ends those, reports unknown ones as failed; another app cannot end them', async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const other = await appWithRules(s, [{ value: word() }]);
    const [a, b] = [await openStream(s, app.bearer), await openStream(s, app.bearer)];
    try {
      const list = await call('GET', '/2/connections?connection.fields=id', app.bearer);
      const uuids = list.body.data.map((c: any) => c.id);
      const foreign = await call('DELETE', '/2/connections', other.bearer, { uuids: [uuids[0]] });
      assert.deepEqual(foreign.body.data.successful_kills, 0);
      assert.equal(foreign.body.data.failed_kills, 1);
      const res = await call('DELETE', '/2/connections', app.bearer, {
        uuids: [uuids[0], '00000000-0000-0000-0000-000000000000'],
      });
      assert.equal(res.body.data.successful_kills, 1);
      assert.equal(res.body.data.failed_kills, 1);
      assert.deepEqual(res.body.data.results[0], { uuid: uuids[0], success: true });
      assert.equal(res.body.data.results[1].success, false);
      await poll(() => a.isEnded() || b.isEnded());
      assert.equal(a.isEnded() && b.isEnded(), false, 'only the named connection ended');
      assert.equal((await call('DELETE', '/2/connections', app.bearer, { uuids: [] })).status, 400);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('@xdevplatform/xdk reads the connection history', async () => {
    const app = await appWithRules(s, [{ value: word() }]);
    const stream = await openStream(s, app.bearer);
    try {
      const client = xdk(s.url, { bearerToken: app.bearer });
      const res: any = await client.connections.getConnectionHistory();
      assert.equal(res.data[0].endpointName, 'filtered_stream');
    } finally {
      await stream.close();
    }
  });
});
