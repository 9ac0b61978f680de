// This server's fault rules (Runtime `faults`): kept in memory, in creation order, each with its own
// seeded PRNG and counters. Requests ask it what to do (http hook, faults.hooks.ts); open streams
// register a tap it can cut with any `disconnect_type` (stream and activity modules); webhook
// deliveries and challenge checks ask whether to lag or be lost (delivery/, webhooks checks).
// Rules are per process, like the stream hubs: a rule made on one process of a shared PostgreSQL
// deployment acts on the traffic that process answers.
import type { RuntimeBase } from '../deps.js';
import { answerProblem } from './faults.answers.js';
import { firing, makeRule, type DisconnectType, type NewRule, type Occurrence, type Rule } from './faults.rules.js';
import type { Problem } from '../shared/problems.js';

/** An open stream connection a rule may cut: its path, its app, and how it is cut. */
export type StreamTap = { path: string; appId: string; disconnect(type: DisconnectType): void };

/** What the rules decided for one request. */
export type RequestFault = { latencyMs: number; problem: Problem | null; reset: boolean; rules: string[] };

/** What the rules decided for one webhook delivery or check. */
export type WebhookFault = { latencyMs: number; drop: string | null; rules: string[] };

export type Faults = {
  readonly rules: Rule[];
  add(input: NewRule): Rule;
  remove(id: string): boolean;
  clear(): number;
  onRequest(o: Occurrence): RequestFault | null;
  /** Registers an open stream; returns what to call when it closes. */
  streamOpened(tap: StreamTap): () => void;
  onWebhook(o: Occurrence): WebhookFault | null;
  stop(): void;
};

declare module '../deps.js' {
  interface Runtime {
    faults: Faults;
  }
}

type Tap = StreamTap & { cut: boolean };

export function createFaults(base: RuntimeBase): Faults {
  const rules: Rule[] = [];
  const taps = new Set<Tap>();
  const timers = new Set<NodeJS.Timeout>();
  const now = () => base.clock.now();

  /** Cuts a tap after the rule's wait (real time: transport, like the stream keep-alives). */
  function cut(tap: Tap, rule: Rule) {
    tap.cut = true;
    const t = setTimeout(() => {
      timers.delete(t);
      taps.delete(tap);
      tap.disconnect(rule.disconnect_type ?? 'OperationalDisconnect');
    }, rule.latency_ms);
    t.unref();
    timers.add(t);
  }

  function tryCut(tap: Tap, only?: Rule) {
    if (tap.cut) return;
    const o: Occurrence = { target: 'stream', path: tap.path, route: tap.path, appId: tap.appId, family: 'v2' };
    const fired = firing(only ? [only] : rules, o, now());
    if (fired.length) cut(tap, fired[0]!);
  }

  return {
    rules,
    add(input) {
      const rule = makeRule(input);
      rules.push(rule);
      if (rule.target === 'stream') for (const tap of taps) tryCut(tap, rule);
      return rule;
    },
    remove(id) {
      const i = rules.findIndex((r) => r.id === id);
      if (i < 0) return false;
      rules.splice(i, 1);
      return true;
    },
    clear() {
      return rules.splice(0).length;
    },
    onRequest(o) {
      // The common case, no rules at all, costs one comparison per request.
      if (!rules.length) return null;
      const fired = firing(rules, o, now());
      if (!fired.length) return null;
      const out: RequestFault = { latencyMs: 0, problem: null, reset: false, rules: fired.map((r) => r.id) };
      for (const r of fired) {
        if (r.action === 'latency') out.latencyMs += r.latency_ms;
        else if (r.action === 'reset') out.reset ||= !out.problem;
        else if (r.action === 'error' && !out.problem && !out.reset) out.problem = answerProblem(r.answer!);
      }
      return out;
    },
    streamOpened(s) {
      const tap: Tap = { ...s, cut: false };
      taps.add(tap);
      if (rules.length) tryCut(tap);
      return () => taps.delete(tap);
    },
    onWebhook(o) {
      if (!rules.length) return null;
      const fired = firing(rules, o, now());
      if (!fired.length) return null;
      const drop = fired.find((r) => r.action === 'drop');
      const latencyMs = fired.reduce((ms, r) => ms + (r.action === 'latency' ? r.latency_ms : 0), 0);
      return { latencyMs, drop: drop?.id ?? null, rules: fired.map((r) => r.id) };
    },
    stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      taps.clear();
    },
  };
}
