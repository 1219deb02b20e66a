import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HelperBusyError, type HelperService, HelperTimeoutError, helperService, type QueueLimits } from './helper-process';
import type { FixtureJob, FixtureReply } from './helper-process.fixture';

const FIXTURE = new URL('./helper-process.fixture.ts', import.meta.url);

let service: HelperService<Omit<FixtureJob, 'id'>, string> | undefined;
let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mugen-helper-'));
});
afterEach(async () => {
  await service?.close();
  service = undefined;
  await fs.rm(dir, { recursive: true, force: true });
});

function fixture(limits: Partial<QueueLimits> = {}) {
  service = helperService<Omit<FixtureJob, 'id'>, FixtureReply, string>(FIXTURE, {
    idleMs: 60_000,
    closedMessage: 'closed',
    settle: (reply) => reply.result,
    limits: { perOwner: 2, interactive: 8, bulk: 2, timeoutMs: 60_000, startupMs: 0, ...limits },
  });
  return service;
}

/** A question the helper answers only once `release()` is called. */
const hold = (value: string) => ({ kind: 'hold' as const, value, until: path.join(dir, 'released') });
const release = () => fs.writeFile(path.join(dir, 'released'), '');

describe('#36.5 the helper queue: lanes, caps per member and in all, a timeout on every question', () => {
  it('#36.5 a cheap interactive question is answered before the bulk questions queued ahead of it', async () => {
    const s = fixture({ bulk: 8 });
    const order: string[] = [];
    const asked = [
      s.ask(hold('held')),
      s.ask({ kind: 'echo', value: 'bulk 1' }),
      s.ask({ kind: 'echo', value: 'bulk 2' }),
      s.ask({ kind: 'echo', value: 'search' }, { lane: 'interactive' }),
    ].map((p) => p.then((v) => order.push(v)));
    expect(s.waiting()).toEqual({ interactive: 1, bulk: 2 });
    await release();
    await Promise.all(asked);
    expect(order).toEqual(['held', 'search', 'bulk 1', 'bulk 2']);
  });

  it('#36.5 one member may have two questions in the helper at once; a third is refused, another member is not', async () => {
    const s = fixture();
    const first = s.ask(hold('a1'), { owner: 'u:a' });
    const second = s.ask({ kind: 'echo', value: 'a2' }, { owner: 'u:a' });
    await expect(s.ask({ kind: 'echo', value: 'a3' }, { owner: 'u:a' })).rejects.toEqual(new HelperBusyError('owner'));
    const other = s.ask({ kind: 'echo', value: 'b1' }, { owner: 'u:b' });
    await release();
    expect(await Promise.all([first, second, other])).toEqual(['a1', 'a2', 'b1']);
    // Answered, the member's questions no longer count.
    expect(await s.ask({ kind: 'echo', value: 'a4' }, { owner: 'u:a' })).toBe('a4');
  });

  it('#36.5 a full bulk lane refuses the next bulk question and still takes interactive ones', async () => {
    const s = fixture();
    const held = s.ask(hold('held'));
    const queued = [s.ask({ kind: 'echo', value: 'b1' }), s.ask({ kind: 'echo', value: 'b2' })];
    const refused = await s.ask({ kind: 'echo', value: 'b3' }).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(HelperBusyError);
    expect((refused as HelperBusyError).scope).toBe('total');
    const search = s.ask({ kind: 'echo', value: 'search' }, { lane: 'interactive' });
    await release();
    expect(await Promise.all([held, ...queued, search])).toEqual(['held', 'b1', 'b2', 'search']);
  });

  it('#36.5 a question the helper is stuck on times out, the helper is ended, and the next question gets a new one', async () => {
    const s = fixture();
    const stuck = s.ask({ kind: 'spin', value: 'stuck' }, { timeoutMs: 300 });
    const stuckPid = s.pid();
    const next = s.ask({ kind: 'echo', value: 'after' });
    await expect(stuck).rejects.toEqual(new HelperTimeoutError('running'));
    expect(await next).toBe('after');
    expect(s.pid()).not.toBe(stuckPid);
    expect(s.pid()).toBeGreaterThan(0);
  });

  it('#36.5 a question that waits past its timeout fails without being asked', async () => {
    const s = fixture({ timeoutMs: 300 });
    const held = s.ask(hold('held'), { timeoutMs: 60_000 });
    await expect(s.ask({ kind: 'echo', value: 'late' })).rejects.toEqual(new HelperTimeoutError('waiting'));
    expect(s.waiting()).toEqual({ interactive: 0, bulk: 0 });
    await release();
    expect(await held).toBe('held');
  });

  it('#39.1 warm() starts the helper before any question (once), and the first question is answered by it', async () => {
    const s = fixture();
    expect(s.pid()).toBeUndefined();
    s.warm();
    const pid = s.pid();
    expect(pid).toBeGreaterThan(0);
    s.warm();
    expect(s.pid()).toBe(pid);
    expect(await s.ask({ kind: 'echo', value: 'first' })).toBe('first');
    expect(s.pid()).toBe(pid);
  });
});
