// node --import tsx bench/support/profile-summary.ts <file.cpuprofile> [top] — self time by function
// (with its file) and total time of a few named roots, from a V8 CPU profile (--cpu-prof).
import { readFileSync } from 'node:fs';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
const prof = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const top = Number(process.argv[3] ?? 40);
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const total = [...self.values()].reduce((a, b) => a + b, 0);
const key = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*\/(dist|src|node_modules)\//, '$1/')}:${n.callFrame.lineNumber}`;
const selfBy = new Map<string, number>();
const inclBy = new Map<string, number>();
for (const [id, t] of self) {
  const n = byId.get(id)!;
  selfBy.set(key(n), (selfBy.get(key(n)) ?? 0) + t);
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = key(byId.get(cur)!);
    if (seen.has(k)) continue;
    seen.add(k);
    inclBy.set(k, (inclBy.get(k) ?? 0) + t);
  }
}
const pct = (t: number) => ((t / total) * 100).toFixed(1).padStart(5) + '%';
console.log(`total ${(total / 1e6).toFixed(2)} s sampled`);
console.log('--- self');
for (const [k, t] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(t), k);
console.log('--- inclusive');
for (const [k, t] of [...inclBy].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(t), k);
