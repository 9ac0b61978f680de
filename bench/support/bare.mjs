// A bare node:http server answering every request with fixed bytes: the ceiling to compare against.
import http from 'node:http';
const body = process.argv[3] ?? '{}';
http
  .createServer((req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.argv[2]), '127.0.0.1', () => process.send?.('ready'));
