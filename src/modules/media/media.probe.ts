// Reads what the service reports about an uploaded file from its bytes: image width and height
// (PNG, JPEG, GIF, WebP, BMP) and MP4/QuickTime duration and frame size. Pure: a Buffer in, numbers out.
export type Probe = { width?: number; height?: number; duration_ms?: number };

function jpeg(b: Buffer): Probe {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = b[i + 1]!;
    const len = b.readUInt16BE(i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return {};
}

function webp(b: Buffer): Probe {
  const kind = b.toString('ascii', 12, 16);
  if (kind === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (kind === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (kind === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return {};
}

/** Walks ISO-BMFF boxes for `mvhd` (duration) and the first `tkhd` with a frame size. */
function mp4(b: Buffer, start = 0, end = b.length, out: Probe = {}): Probe {
  let i = start;
  while (i + 8 <= end) {
    const size = b.readUInt32BE(i);
    const type = b.toString('ascii', i + 4, i + 8);
    const boxEnd = size === 0 ? end : i + size;
    if (size < 8 && size !== 0) break;
    if (['moov', 'trak', 'mdia'].includes(type)) mp4(b, i + 8, boxEnd, out);
    if (type === 'mvhd') {
      const v1 = b[i + 8] === 1;
      const scale = b.readUInt32BE(i + (v1 ? 28 : 20));
      const dur = v1 ? Number(b.readBigUInt64BE(i + 32)) : b.readUInt32BE(i + 24);
      if (scale) out.duration_ms = Math.round((dur * 1000) / scale);
    }
    if (type === 'tkhd' && out.width === undefined) {
      const w = b.readUInt32BE(boxEnd - 8) >>> 16;
      const h = b.readUInt32BE(boxEnd - 4) >>> 16;
      if (w && h) Object.assign(out, { width: w, height: h });
    }
    i = boxEnd;
  }
  return out;
}

export function probe(b: Buffer): Probe {
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47)
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) return jpeg(b);
  if (b.length >= 10 && b.toString('ascii', 0, 3) === 'GIF')
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (b.length >= 30 && b.toString('ascii', 0, 4) === 'RIFF' && b.toString('ascii', 8, 12) === 'WEBP') return webp(b);
  if (b.length >= 26 && b.toString('ascii', 0, 2) === 'BM')
    return { width: b.readInt32LE(18), height: Math.abs(b.readInt32LE(22)) };
  if (b.length >= 12 && b.toString('ascii', 4, 8) === 'ftyp') return mp4(b);
  return {};
}
