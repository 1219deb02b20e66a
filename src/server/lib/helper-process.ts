import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { keepHeapSmall } from './heap';

// A helper process: the heavy parts of the server (kuromoji's dictionary, the speech engine) run in a
// child Node process of their own, never in the web process (issue 27.2). A thread would share the web
// process' memory: its heap and buffers count in the web process' RSS, and glibc keeps the freed pages
// after it ends (268 MB steady against 174 MB for a process that never read a kanji). A child process
// gives every page back when it exits, and runs at a lower priority, so its batch work (a backlog of
// readings, a track being spoken) yields the cores to the requests being answered.
//
// Messages go over the IPC channel with the structured-clone serialisation (Uint8Array, Map, nested
// arrays pass as they are). The child ends when its parent goes: the channel's disconnect ends it.

export interface Helper<Job> {
  readonly pid: number | undefined;
  send(job: Job): void;
  /** Keeps the parent's event loop alive (a question is waiting for its answer). */
  ref(): void;
  /** Lets the parent exit though the helper runs (nothing is asked of it). */
  unref(): void;
  /** Ends the helper (SIGTERM, or SIGKILL for one stuck in a loop) and waits for it to exit. */
  close(signal?: NodeJS.Signals): Promise<void>;
}

/** How much lower the helpers run than the web process (nice), so the requests go first. */
export const HELPER_NICENESS = 10;

/**
 * Starts `entry` (a .ts file beside its caller in the sources, a .js file beside the entry point in
 * dist/server) as a child process. `onReply` hears its answers; `onExit` hears that it ended (or could
 * not start), with why.
 */
/** The V8 flag every helper process starts with (see startHelper). */
export const HELPER_SEMI_SPACE_FLAG = '--max-semi-space-size=1';

export function startHelper<Job, Reply>(
  entry: URL,
  events: { onReply: (reply: Reply) => void; onExit: (err: Error) => void },
): Helper<Job> {
  // The sources run through tsx's loader (vitest, npm run dev); built JavaScript runs as it is, and the
  // child gets none of the parent's flags (a test's loader hook, an inspector port).
  const execArgv = [
    ...(entry.pathname.endsWith('.ts')
      ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
      : ['--enable-source-maps']),
    // The young generation at 1 MB (V8's default lets it grow to 16 MB a semi-space): a helper's work makes
    // many short-lived arrays (lamejs' frames, kuromoji's lattices), and the larger nursery kept about 45 MB
    // more at the render helper's peak (245 → 200-207 MB for a four-minute track) and 20 MB more in the
    // dictionary's (205 → 184 MB), for about 60 ms more to load the dictionary (issue 37.6).
    HELPER_SEMI_SPACE_FLAG,
  ];
  const child: ChildProcess = fork(fileURLToPath(entry), [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let exited = false;
  const gone = new Promise<void>((resolve) => {
    // 'error' (it could not start) and 'exit' may both come: the first tells.
    const end = (err: Error) => {
      if (exited) return;
      exited = true;
      resolve();
      events.onExit(err);
    };
    child.on('error', (err) => end(err));
    child.on('exit', (code, signal) => end(new Error(`the helper process ${entry.pathname} exited with ${signal ?? `code ${code}`}`)));
  });
  child.on('message', (reply) => events.onReply(reply as Reply));
  if (child.pid !== undefined) {
    try {
      os.setPriority(child.pid, Math.min(19, os.getPriority(process.pid) + HELPER_NICENESS));
    } catch {
      // Not allowed here (a container without the capability): it runs at the web process' priority.
    }
  }
  const helper: Helper<Job> = {
    pid: child.pid,
    send: (job) => {
      if (exited || !child.connected) throw new Error(`the helper process ${entry.pathname} has ended`);
      child.send(job as object);
    },
    ref: () => {
      child.ref();
      child.channel?.ref();
    },
    unref: () => {
      child.unref();
      child.channel?.unref();
    },
    close: async (signal = 'SIGTERM') => {
      // Held while it ends: a caller awaiting the close (a script's last line) is not left with an empty loop.
      if (!exited) {
        child.ref();
        child.kill(signal);
      }
      await gone;
    },
  };
  helper.unref();
  return helper;
}

/**
 * How a question waits (issue 36.5). A question someone is waiting on that costs little (a search's
 * words, the support chat's) goes in the `interactive` lane, whose questions are sent before any of the
 * `bulk` lane however long that lane is; `owner` (a member) may have at most `perOwner` questions
 * waiting or being answered at once. Each question fails after the queue's `timeoutMs` waiting, and
 * after its own `timeoutMs` being answered (the helper, stuck, is then ended and another started for the
 * rest); a helper just started has `startupMs` more for its first answer (it loads what it needs).
 */
export interface AskOptions {
  lane?: 'interactive' | 'bulk';
  owner?: string;
  timeoutMs?: number;
}

/** A question refused before it was asked: its owner has enough waiting (`owner`), or its lane is full (`total`). */
export class HelperBusyError extends Error {
  constructor(readonly scope: 'owner' | 'total') {
    super(scope === 'owner' ? 'this owner has questions enough waiting' : "the helper's queue is full");
    this.name = 'HelperBusyError';
  }
}

/** A question not answered in time (waiting, or being answered: the helper was then ended). */
export class HelperTimeoutError extends Error {
  constructor(readonly stage: 'waiting' | 'running') {
    super(`the helper's question timed out ${stage === 'waiting' ? 'waiting for its turn' : 'while being answered'}`);
    this.name = 'HelperTimeoutError';
  }
}

/** The bounds of a helper's queue: questions per owner, questions waiting in each lane, and the timeouts. */
export interface QueueLimits {
  perOwner: number;
  interactive: number;
  bulk: number;
  /** How long a question may wait for its turn, and be answered when it gives no timeout of its own. */
  timeoutMs: number;
  /** What a helper just started has besides, for its first answer. */
  startupMs: number;
}

/** A helper asked questions and answering each by its id: the parent's side of a helper's work. */
export interface HelperService<Question, Answer> {
  /**
   * Asks the helper (started now if it is not running); the promise settles with its answer. Throws
   * HelperBusyError at once when the question may not wait, HelperTimeoutError when it waited or ran too long.
   */
  ask(question: Question, opts?: AskOptions): Promise<Answer>;
  /** Ends the helper: questions still waiting fail (…closed); the next question starts another. */
  close(): Promise<void>;
  /** Starts the helper now if it is not running, so a question soon after does not wait for it to load (it ends idle as after an answer). */
  warm(): void;
  /** The helper's process id while it runs. */
  pid(): number | undefined;
  /** How many questions wait in each lane (not counting the one being answered). */
  waiting(): { interactive: number; bulk: number };
}

/**
 * A helper started on the first question and ended `idleMs` after its last answer (giving its memory
 * back). The questions wait here, in the parent, and are sent one at a time (the helper answers one at
 * a time anyway): so the interactive lane goes first, a question can be dropped while it waits, and one
 * that runs too long is known to be the one the helper is stuck on. Each question is sent with an id;
 * `settle` turns the helper's reply into the answer, or into the error the question fails with. A helper
 * that ends on its own fails the question it was answering with why; the others go to the next one.
 */
export function helperService<Question extends object, Reply extends { id: number }, Answer>(
  entry: URL,
  opts: { idleMs: number; settle: (reply: Reply) => Answer | Error; closedMessage: string; limits?: Partial<QueueLimits> },
): HelperService<Question, Answer> {
  // Without limits (the render process, whose jobs are few and queued by the task workers), nothing is
  // refused and nothing times out.
  const limits: QueueLimits = {
    perOwner: Infinity,
    interactive: Infinity,
    bulk: Infinity,
    timeoutMs: Infinity,
    startupMs: 0,
    ...opts.limits,
  };
  const after = (ms: number, fn: () => void) => (Number.isFinite(ms) ? setTimeout(fn, ms) : undefined);
  interface Asked {
    id: number;
    question: Question;
    owner?: string;
    lane: 'interactive' | 'bulk';
    timeoutMs: number;
    timer?: NodeJS.Timeout;
    resolve: (answer: Answer) => void;
    reject: (err: Error) => void;
  }
  let helper: Helper<Question & { id: number }> | undefined;
  /** The helper has not answered yet (it may still be loading its dictionary). */
  let fresh = true;
  /** The question the helper is answering. */
  let answering: Asked | undefined;
  const lanes: Record<Asked['lane'], Asked[]> = { interactive: [], bulk: [] };
  const owners = new Map<string, number>();
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;

  const settled = (asked: Asked) => {
    clearTimeout(asked.timer);
    if (asked.owner === undefined) return;
    const left = (owners.get(asked.owner) ?? 1) - 1;
    if (left > 0) owners.set(asked.owner, left);
    else owners.delete(asked.owner);
  };

  const endHelper = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const running = helper;
    helper = undefined;
    await running?.close(signal);
  };

  const close = async () => {
    clearTimeout(idle);
    const all = [...(answering ? [answering] : []), ...lanes.interactive.splice(0), ...lanes.bulk.splice(0)];
    answering = undefined;
    for (const asked of all) {
      settled(asked);
      asked.reject(new Error(opts.closedMessage));
    }
    await endHelper();
  };

  const start = () => {
    const started: Helper<Question & { id: number }> = startHelper<Question & { id: number }, Reply>(entry, {
      onReply: (reply) => {
        if (helper !== started || answering?.id !== reply.id) return;
        fresh = false;
        const asked = answering;
        answering = undefined;
        settled(asked);
        const answer = opts.settle(reply);
        if (answer instanceof Error) asked.reject(answer);
        else asked.resolve(answer);
        pump();
      },
      onExit: (err) => {
        if (helper !== started) return;
        helper = undefined;
        const asked = answering;
        answering = undefined;
        if (asked) {
          settled(asked);
          asked.reject(err);
        }
        pump();
      },
    });
    return started;
  };

  /** Sends the next question (interactive first) when the helper is free; lets an idle helper go. */
  function pump() {
    if (answering) return;
    const next = lanes.interactive.shift() ?? lanes.bulk.shift();
    if (!next) {
      // An idle helper must not keep the process (a script, a test run) alive, nor its memory for long.
      helper?.unref();
      clearTimeout(idle);
      idle = setTimeout(() => void close(), opts.idleMs);
      idle.unref();
      return;
    }
    clearTimeout(idle);
    clearTimeout(next.timer);
    try {
      if (!helper) {
        helper = start();
        fresh = true;
      }
      helper.ref();
      answering = next;
      helper.send({ ...next.question, id: next.id });
    } catch (err) {
      // The helper ended between its exit and our hearing of it: the next question starts another.
      void endHelper();
      answering = undefined;
      settled(next);
      next.reject(err instanceof Error ? err : new Error(String(err)));
      queueMicrotask(pump);
      return;
    }
    // Stuck (a question that costs far more than it should): the helper is ended, the question fails,
    // and the next question starts another helper.
    next.timer = after(next.timeoutMs + (fresh ? limits.startupMs : 0), () => {
      if (answering !== next) return;
      answering = undefined;
      settled(next);
      next.reject(new HelperTimeoutError('running'));
      void endHelper('SIGKILL').then(pump);
    });
  }

  return {
    ask(question, ask = {}) {
      const lane = ask.lane ?? 'bulk';
      if (ask.owner !== undefined && (owners.get(ask.owner) ?? 0) >= limits.perOwner) {
        return Promise.reject(new HelperBusyError('owner'));
      }
      if (lanes[lane].length >= limits[lane]) return Promise.reject(new HelperBusyError('total'));
      return new Promise<Answer>((resolve, reject) => {
        const asked: Asked = {
          id: nextId++,
          question,
          owner: ask.owner,
          lane,
          timeoutMs: ask.timeoutMs ?? limits.timeoutMs,
          resolve,
          reject,
        };
        if (asked.owner !== undefined) owners.set(asked.owner, (owners.get(asked.owner) ?? 0) + 1);
        asked.timer = after(limits.timeoutMs, () => {
          const at = lanes[lane].indexOf(asked);
          if (at < 0) return;
          lanes[lane].splice(at, 1);
          settled(asked);
          reject(new HelperTimeoutError('waiting'));
        });
        lanes[lane].push(asked);
        pump();
      });
    },
    close,
    pid: () => helper?.pid,
    waiting: () => ({ interactive: lanes.interactive.length, bulk: lanes.bulk.length }),
    warm() {
      if (helper) return;
      helper = start();
      fresh = true;
      pump();
    },
  };
}

/**
 * The child's side: `onJob` hears each message from the parent, `reply` answers. Exits when the parent
 * goes (the IPC channel closes), so no helper outlives its server.
 */
export function helperPort<Job, Reply>(name: string): { onJob: (handle: (job: Job) => void) => void; reply: (reply: Reply) => void } {
  const send = process.send?.bind(process);
  if (!send) throw new Error(`${name} runs as a helper process (startHelper)`);
  process.title = name;
  // As the web process (decision 0040): a helper's heap is collected before it grows far past what it
  // keeps, so a spoken track's buffers (the render) go back between jobs rather than piling up (issue 37.6).
  keepHeapSmall();
  process.on('disconnect', () => process.exit(0));
  return {
    onJob: (handle) => process.on('message', (job) => handle(job as Job)),
    reply: (reply) => {
      send(reply as object);
    },
  };
}
