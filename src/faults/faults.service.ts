// This server's fault rules (Runtime `faults`), in creation order, each with its own seeded PRNG and
// counters. Requests ask it what to do (http hook, faults.hooks.ts); open streams register a tap it can
// cut with any `disconnect_type` (stream and activity modules); webhook deliveries and challenge checks
// ask whether to lag or be lost (delivery/, webhooks checks).
// Where the rules live is a RuleStore: this process's memory on the embedded store (one process), the
// store itself when nodes share PostgreSQL (faults.shared.ts): a rule made on one node then acts on
// every node's traffic, and its `count` is spent once across them. `rules` is always this node's
// copy, so a request with no rule anywhere costs one comparison.
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

type Maybe<T> = T | Promise<T>;

/** Where rules are kept and their uses counted. */
export type RuleStore = {
  /** Of `rules`, those that act on this occurrence; each live matching rule draws once. */
  fire(rules: readonly Rule[], o: Occurrence, now: number): Maybe<Rule[]>;
  add(rule: Rule): Promise<void>;
  remove(id: string): Promise<boolean>;
  clear(): Promise<number>;
  /** Every rule with its uses (on every node that shares the store). */
  list(): Promise<Rule[]>;
  stop(): Promise<void>;
};

export type Faults = {
  /** The rules this node acts on: its own copy of the store's. */
  readonly rules: Rule[];
  add(input: NewRule): Promise<Rule>;
  list(): Promise<Rule[]>;
  remove(id: string): Promise<boolean>;
  clear(): Promise<number>;
  onRequest(o: Occurrence): Maybe<RequestFault | null>;
  /** Registers an open stream; returns what to call when it closes. */
  streamOpened(tap: StreamTap): () => void;
  onWebhook(o: Occurrence): Maybe<WebhookFault | null>;
  /** Keeps the rules in `store` from now on (nodes sharing PostgreSQL, faults.shared.ts). */
  useStore(store: RuleStore): void;
  /** Replaces this node's copy of the rules; stream rules it did not have yet cut the open taps they match. */
  adopt(next: Rule[]): void;
  stop(): Promise<void>;
};

declare module '../deps.js' {
  interface Runtime {
    faults: Faults;
  }
}

type Tap = StreamTap & { cut: boolean };

/** One process's rules, in its memory (`add` is Faults.add's adopt). */
function memoryStore(rules: Rule[]): RuleStore {
  return {
    fire: firing,
    async add() {},
    async remove(id) {
      const i = rules.findIndex((r) => r.id === id);
      if (i >= 0) rules.splice(i, 1);
      return i >= 0;
    },
    clear: async () => rules.splice(0).length,
    list: async () => rules,
    async stop() {},
  };
}

function requestFault(fired: Rule[]): RequestFault | null {
  if (!fired.length) return null;
  const out: RequestFault = { latencyMs: 0, problem: null, reset: false, rules: fired.map((r) => r.id) };
  for (const r of fired) {
    if (r.action === 'latency') out.latencyMs += r.latency_ms;
    else if (r.action === 'reset') out.reset ||= !out.problem;
    else if (r.action === 'error' && !out.problem && !out.reset) out.problem = answerProblem(r.answer!);
  }
  return out;
}

function webhookFault(fired: Rule[]): WebhookFault | null {
  if (!fired.length) return null;
  const drop = fired.find((r) => r.action === 'drop');
  const latencyMs = fired.reduce((ms, r) => ms + (r.action === 'latency' ? r.latency_ms : 0), 0);
  return { latencyMs, drop: drop?.id ?? null, rules: fired.map((r) => r.id) };
}

const then = <A, B>(v: Maybe<A>, fn: (a: A) => B): Maybe<B> => (v instanceof Promise ? v.then(fn) : fn(v));

export function createFaults(base: RuntimeBase): Faults {
  const rules: Rule[] = [];
  let store = memoryStore(rules);
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
    const fired = store.fire(only ? [only] : rules, o, now());
    void Promise.resolve(fired).then(
      (f) => f.length && !tap.cut && taps.has(tap) && cut(tap, f[0]!),
      () => undefined,
    );
  }

  function adopt(next: Rule[]) {
    const known = new Set(rules.map((r) => r.id));
    rules.splice(0, rules.length, ...next);
    for (const r of next) if (!known.has(r.id) && r.target === 'stream') for (const tap of taps) tryCut(tap, r);
  }

  return {
    rules,
    async add(input) {
      const rule = makeRule(input);
      await store.add(rule);
      if (!rules.some((r) => r.id === rule.id)) adopt([...rules, rule]);
      return rule;
    },
    list: () => store.list(),
    remove: (id) => store.remove(id),
    clear: () => store.clear(),
    onRequest(o) {
      // The common case, no rules at all, costs one comparison per request.
      if (!rules.length) return null;
      return then(store.fire(rules, o, now()), requestFault);
    },
    streamOpened(s) {
      const tap: Tap = { ...s, cut: false };
      taps.add(tap);
      if (rules.length) tryCut(tap);
      return () => taps.delete(tap);
    },
    onWebhook(o) {
      if (!rules.length) return null;
      return then(store.fire(rules, o, now()), webhookFault);
    },
    useStore(s) {
      store = s;
    },
    adopt,
    async stop() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      taps.clear();
      await store.stop();
    },
  };
}
