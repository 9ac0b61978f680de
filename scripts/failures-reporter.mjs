// A node:test reporter that prints nothing until the run ends, then every failed test again with its file
// and error, and what the server logged (test servers log errors only: test/support/server.ts) in the files
// that failed. A CI log is often read from its tail; TAP puts a failure wherever it happened among ~2,000
// tests, so without this the tail says "fail 1" and not which.
const MAX_LOG_LINES = 40;

function errorText(error) {
  if (!error) return '';
  const cause = error.cause ?? error;
  const text = cause instanceof Error ? (cause.stack ?? cause.message) : String(cause?.message ?? cause);
  return text.split('\n').slice(0, 12).join('\n');
}

export default async function* failures(source) {
  const failed = [];
  const logs = new Map();
  for await (const { type, data } of source) {
    if (type === 'test:fail' && data.details?.type !== 'suite') failed.push(data);
    if (type === 'test:stdout' || type === 'test:stderr') {
      const lines = logs.get(data.file) ?? [];
      if (lines.length < MAX_LOG_LINES) lines.push(data.message.trimEnd());
      logs.set(data.file, lines);
    }
  }
  if (failed.length === 0) return;
  yield `\n== ${failed.length} failed\n`;
  for (const test of failed) {
    yield `\n✖ ${test.file ?? '?'}: ${test.name}\n`;
    const text = errorText(test.details?.error);
    if (text) yield `${text.replace(/^/gm, '    ')}\n`;
  }
  const files = new Set(failed.map((t) => t.file));
  for (const file of files) {
    const lines = logs.get(file);
    if (lines?.length) yield `\n== output of ${file}\n${lines.join('\n')}\n`;
  }
}
