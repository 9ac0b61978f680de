// Media for Ads tests: tiny valid files (PNG, GIF89a, an MP4 of ftyp + moov/mvhd + trak/tkhd, which
// src/modules/media/media.probe.ts measures), uploaded through Aviary's own /2/media/upload with the
// advertiser's OAuth 1.0a token, and added to an account's media library.
import { deflateSync } from 'node:zlib';
import { signRequest } from '../../src/auth/index.js';
import { adsCall, type Advertiser } from './ads.js';
import type { TestServer } from './server.js';

export type MediaKind = 'image' | 'video' | 'gif';
export type MediaOptions = {
  width?: number;
  height?: number;
  category?: 'tweet_image' | 'tweet_video' | 'tweet_gif' | 'amplify_video';
  durationMs?: number;
};

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(b: Buffer): number {
  let c = 0xffffffff;
  for (const x of b) c = crcTable[(c ^ x) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG of the given size: one IDAT of zero rows (1-bit greyscale keeps it small for large sizes). */
export function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((Math.ceil(width / 8) + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-frame GIF89a of the given size (one 1x1 image in the frame; the screen size is what is read). */
export function gif(width: number, height: number): Buffer {
  const head = Buffer.alloc(13);
  head.write('GIF89a', 0, 'ascii');
  head.writeUInt16LE(width, 6);
  head.writeUInt16LE(height, 8);
  head[10] = 0x80; // global colour table of 2 entries
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const image = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00]);
  return Buffer.concat([head, palette, image, Buffer.from([0x3b])]);
}

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length);
  head.write(type, 4, 'ascii');
  return Buffer.concat([head, body]);
};

/** An MP4 with no samples: ftyp, and moov with mvhd (duration at timescale 1000) and trak/tkhd (size). */
export function mp4(width: number, height: number, durationMs: number): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(durationMs, 16); // duration
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt32BE(2, 96); // next track id
  const tkhd = Buffer.alloc(84);
  tkhd.writeUInt32BE(0x00000003, 0); // version 0, enabled | in movie
  tkhd.writeUInt32BE(1, 12); // track id
  tkhd.writeUInt32BE(durationMs, 20);
  tkhd.writeUInt32BE(width * 0x10000, 76);
  tkhd.writeUInt32BE(height * 0x10000, 80);
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)))]);
}

const DEFAULTS = {
  image: { width: 1200, height: 628, category: 'tweet_image', mime: 'image/png' },
  video: { width: 1280, height: 720, category: 'tweet_video', mime: 'video/mp4' },
  gif: { width: 480, height: 270, category: 'tweet_gif', mime: 'image/gif' },
} as const;

async function serviceNow(s: TestServer): Promise<number> {
  return Date.parse((await s.admin('GET', '/_aviary/clock')).body.data.now);
}

/** Uploads a file of this kind through /2/media/upload (one-shot, form body) as `who`; its media key. */
export async function uploadMedia(s: TestServer, who: Advertiser, kind: MediaKind, o: MediaOptions = {}) {
  const d = DEFAULTS[kind];
  const width = o.width ?? d.width;
  const height = o.height ?? d.height;
  const file =
    kind === 'image'
      ? png(width, height)
      : kind === 'gif'
        ? gif(width, height)
        : mp4(width, height, o.durationMs ?? 15_000);
  const form = { media_data: file.toString('base64'), media_category: o.category ?? d.category, media_type: d.mime };
  const url = `${s.url}/2/media/upload`;
  const authorization = signRequest({
    method: 'POST',
    url,
    consumerKey: who.consumerKey,
    consumerSecret: who.consumerSecret,
    token: who.token,
    tokenSecret: who.tokenSecret,
    timestamp: Math.floor((await serviceNow(s)) / 1000),
    form,
  });
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const body = (await res.json()) as { data?: { media_key: string } };
  if (res.status !== 200 || !body.data) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.data.media_key;
}

/** Uploads a file of this kind and adds it to the account's media library; its media key. */
export async function addLibraryMedia(
  s: TestServer,
  who: Advertiser,
  accountId: string,
  kind: MediaKind,
  o: MediaOptions = {},
): Promise<string> {
  const key = await uploadMedia(s, who, kind, o);
  const res = await adsCall(s, who, 'POST', `accounts/${accountId}/media_library`, { media_key: key });
  if (res.status !== 200) throw new Error(`media library: ${res.status} ${JSON.stringify(res.body)}`);
  return key;
}
