import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError } from '../config/index.js';
import { clusterPlan } from './cluster.js';

const URL = 'postgres://postgres@127.0.0.1:5432/test';

test('three nodes on consecutive ports, named node-1 … node-3, one database; flags passed on', () => {
  const plan = clusterPlan(['--nodes', '3', '--database-url', URL, '--port=9000', '--log-level', 'warn'], {});
  assert.deepEqual(
    plan.nodes.map((n) => n.name),
    ['node-1', 'node-2', 'node-3'],
  );
  assert.deepEqual(plan.nodes[0]!.args, [
    'start',
    '--database-url',
    URL,
    '--port',
    '9000',
    '--node-name',
    'node-1',
    '--log-level',
    'warn',
  ]);
  assert.deepEqual(plan.nodes[2]!.args.slice(0, 8), [
    'start',
    '--database-url',
    URL,
    '--port',
    '9002',
    '--node-name',
    'node-3',
    '--no-banner',
  ]);
});

test('the database comes from the environment too; port 0 gives every node a free port', () => {
  const plan = clusterPlan(['--nodes=2', '--port', '0'], { AVIARY_DATABASE_URL: URL });
  assert.equal(plan.nodes.length, 2);
  assert.ok(plan.nodes.every((n) => n.args[4] === '0' && n.args[2] === URL));
});

test('refusals: no database, bad counts, ports past 65535, a node name of ones own', () => {
  assert.throws(() => clusterPlan(['--nodes', '2'], {}), ConfigError);
  assert.throws(() => clusterPlan(['--nodes', '0', '--database-url', URL], {}), ConfigError);
  assert.throws(() => clusterPlan(['--nodes', 'x', '--database-url', URL], {}), ConfigError);
  assert.throws(() => clusterPlan(['--nodes', '3', '--port', '65534', '--database-url', URL], {}), ConfigError);
  assert.throws(() => clusterPlan(['--database-url', URL, '--node-name', 'a'], {}), ConfigError);
});
