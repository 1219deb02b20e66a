import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';

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
  /** Ends the helper and waits for it to exit. */
  close(): Promise<void>;
}

/** How much lower the helpers run than the web process (nice), so the requests go first. */
export const HELPER_NICENESS = 10;

/**
 * Starts `entry` (a .ts file beside its caller in the sources, a .js file beside the entry point in
 * dist/server) as a child process. `onReply` hears its answers; `onExit` hears that it ended (or could
 * not start), with why.
 */
export function startHelper<Job, Reply>(
  entry: URL,
  events: { onReply: (reply: Reply) => void; onExit: (err: Error) => void },
): Helper<Job> {
  // The sources run through tsx's loader (vitest, npm run dev); built JavaScript runs as it is, and the
  // child gets none of the parent's flags (a test's loader hook, an inspector port).
  const execArgv = entry.pathname.endsWith('.ts')
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : ['--enable-source-maps'];
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
    close: async () => {
      if (!exited) child.kill('SIGTERM');
      await gone;
    },
  };
  helper.unref();
  return helper;
}

/** A helper asked questions and answering each by its id: the parent's side of a helper's work. */
export interface HelperService<Question, Answer> {
  /** Asks the helper (started now if it is not running); the promise settles with its answer. */
  ask(question: Question): Promise<Answer>;
  /** Ends the helper: questions still waiting fail (…closed); the next question starts another. */
  close(): Promise<void>;
  /** The helper's process id while it runs. */
  pid(): number | undefined;
}

/**
 * A helper started on the first question and ended `idleMs` after its last answer (giving its memory
 * back). Each question is sent with an id; `settle` turns the helper's reply into the answer, or into the
 * error the question fails with. A helper that ends on its own fails the questions it was asked with why.
 */
export function helperService<Question extends object, Reply extends { id: number }, Answer>(
  entry: URL,
  opts: { idleMs: number; settle: (reply: Reply) => Answer | Error; closedMessage: string },
): HelperService<Question, Answer> {
  interface Running {
    helper: Helper<Question & { id: number }>;
    pending: Map<number, { resolve: (answer: Answer) => void; reject: (err: Error) => void }>;
  }
  let current: Running | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;

  const close = async () => {
    clearTimeout(idle);
    const running = current;
    current = undefined;
    if (!running) return;
    for (const p of running.pending.values()) p.reject(new Error(opts.closedMessage));
    running.pending.clear();
    await running.helper.close();
  };

  const start = (): Running => {
    const pending: Running['pending'] = new Map();
    const running: Running = {
      pending,
      helper: startHelper<Question & { id: number }, Reply>(entry, {
        onReply: (reply) => {
          const p = pending.get(reply.id);
          if (!p) return;
          pending.delete(reply.id);
          const answer = opts.settle(reply);
          if (answer instanceof Error) p.reject(answer);
          else p.resolve(answer);
          if (pending.size === 0) {
            // An idle helper must not keep the process (a script, a test run) alive, nor its memory for long.
            running.helper.unref();
            clearTimeout(idle);
            idle = setTimeout(() => void close(), opts.idleMs);
            idle.unref();
          }
        },
        onExit: (err) => {
          if (current === running) current = undefined;
          for (const p of pending.values()) p.reject(err);
          pending.clear();
        },
      }),
    };
    return running;
  };

  return {
    ask(question) {
      current ??= start();
      const { helper, pending } = current;
      clearTimeout(idle);
      helper.ref();
      const id = nextId++;
      return new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        try {
          helper.send({ ...question, id });
        } catch (err) {
          pending.delete(id);
          reject(err);
        }
      });
    },
    close,
    pid: () => current?.helper.pid,
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
  process.on('disconnect', () => process.exit(0));
  return {
    onJob: (handle) => process.on('message', (job) => handle(job as Job)),
    reply: (reply) => {
      send(reply as object);
    },
  };
}
