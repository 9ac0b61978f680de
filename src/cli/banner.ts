// The start banner, like an emulator's: where it listens, where data lives, and how to sign in.
import { isIP } from 'node:net';
import type { Aviary } from '../main.js';

/** Whether `host` only accepts connections from this machine (`0.0.0.0` and `::` accept any). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  return h.startsWith('::ffff:127.');
}

/**
 * The authorize pages sign users without a password in by name, and the admin token is printed
 * here: fine on one's own machine, not on a network.
 */
const EXPOSED = [
  '',
  '  WARNING         listening beyond this machine: anyone who can reach it can sign in as any user',
  '                  without a password on the authorize pages. Use --host 127.0.0.1 unless you mean it.',
];

export function banner(a: Aviary, credentialsFile: string): string {
  const c = a.credentials;
  const lines = [
    '',
    '  Aviary — X API v2 and Ads API v12, served locally',
    '',
    `  Base URL        ${a.url}`,
    `  Store           ${a.deps.db.dialect}  ${a.deps.db.location}`,
    `  Data dir        ${a.deps.config.dataDir}`,
    ...(a.certPath ? [`  TLS certificate ${a.certPath}  (trust it, e.g. NODE_EXTRA_CA_CERTS=${a.certPath})`] : []),
    `  Admin token     ${a.adminToken}`,
    `  Clock           ${a.deps.clock.mode()}`,
    ...(isLoopback(a.deps.config.host) ? [] : EXPOSED),
  ];
  if (c) {
    lines.push(
      '',
      `  Demo app        ${c.app.name} (id ${c.app.id}, ${c.app.permission}, ${c.app.tier})`,
      `    consumer key    ${c.app.consumer_key}`,
      `    consumer secret ${c.app.consumer_secret}`,
      `    bearer token    ${c.app.bearer_token}`,
      `    client id       ${c.app.client_id}`,
      `    client secret   ${c.app.client_secret}`,
      `  Demo user       @${c.user.username} (id ${c.user.id})`,
      `    access token    ${c.user.access_token}`,
      `    access secret   ${c.user.access_token_secret}`,
      `  Demo ads account ${c.ads_account_id} (@${c.user.username}'s; Ads API /12/ and /11/, signed as the demo user)`,
    );
  }
  lines.push(
    '',
    `  Credentials written to ${credentialsFile}`,
    `  Try: curl -H "Authorization: Bearer ${c?.app.bearer_token ?? '<bearer>'}" ${a.url}/2/users/12`,
    '',
  );
  return lines.join('\n');
}
