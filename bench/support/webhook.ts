// A local webhook receiver for benches: answers the CRC check with the app's consumer secret and
// records every activity delivery (X Activity API envelope {data: {event_uuid, event_type, payload}}).
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Receiver = {
  url: string;
  /** post.create deliveries' post ids. */
  received: Set<string>;
  /** Distinct event_uuid values received, by event_type. */
  byType: Map<string, Set<string>>;
  /** Every POST, duplicates included. */
  deliveries: number;
  setSecret(s: string): void;
  close(): void;
};

export async function webhookReceiver(): Promise<Receiver> {
  let secret = '';
  const r = { received: new Set<string>(), byType: new Map<string, Set<string>>(), deliveries: 0 };
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      const token = new URL(req.url!, 'http://x').searchParams.get('crc_token') ?? '';
      const response_token = 'sha256=' + createHmac('sha256', secret).update(token).digest('base64');
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response_token }));
    }
    const chunks: Buffer[] = [];
    req.on('data', (ch: Buffer) => chunks.push(ch));
    req.on('end', () => {
      r.deliveries++;
      const d = JSON.parse(Buffer.concat(chunks).toString('utf8')).data;
      if (d?.event_type === 'post.create') r.received.add(d.payload.id);
      if (d?.event_type) {
        const seen = r.byType.get(d.event_type) ?? new Set<string>();
        seen.add(d.event_uuid);
        r.byType.set(d.event_type, seen);
      }
      res.writeHead(200).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    ...r,
    get deliveries() {
      return r.deliveries;
    },
    setSecret: (s) => {
      secret = s;
    },
    close: () => server.close(),
  };
}
