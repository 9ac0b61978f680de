// t.co short links: every link in a post or profile is wrapped in one, 23 characters long (the length
// every link counts for). Deterministic for a seed, so the same text always gets the same link.
import { hash } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function shortLink(seed: string): string {
  const h = hash('sha256', seed, 'buffer'); // one-shot: seeding wraps thousands of links
  let s = '';
  for (let i = 0; i < 10; i++) s += BASE62[h[i]! % 62];
  return `https://t.co/${s}`;
}

/** `example.com/a/very/long/pa…`, as clients show a link. */
export function displayUrl(expanded: string): string {
  const bare = expanded.replace(/^https?:\/\/(www\.)?/i, '');
  return bare.length > 26 ? bare.slice(0, 26) + '…' : bare;
}
