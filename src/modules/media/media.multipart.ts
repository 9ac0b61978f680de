// multipart/form-data bodies (media appends, one-shot uploads): fields as strings, files as Buffers.
// Small and strict: enough for what the SDKs send (twitter-api-v2 `forceBodyMode: 'form-data'`).
export type Part = { name: string; filename?: string; data: Buffer };

export function boundaryOf(contentType: string): string | null {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  return m ? (m[1] ?? m[2]!).trim() : null;
}

export function parseMultipart(body: Buffer, boundary: string): Part[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Part[] = [];
  let at = body.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, start);
    if (next === -1) break;
    const chunk = body.subarray(start + 2, next - 2); // skip CRLF after the delimiter and before the next
    const split = chunk.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = chunk.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const filename = /filename="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined) parts.push({ name, filename, data: chunk.subarray(split + 4) });
    }
    at = next;
  }
  return parts;
}

/** Parts as one object: files stay Buffers, plain fields become strings. */
export function partsToObject(parts: Part[]): Record<string, string | Buffer> {
  const out: Record<string, string | Buffer> = {};
  for (const p of parts)
    out[p.name] = p.filename !== undefined || p.name === 'media' ? p.data : p.data.toString('utf8');
  return out;
}
