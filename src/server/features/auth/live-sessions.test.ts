import { EventEmitter } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { createTestApp, insertUser, sessionCookie, type TestApp } from '../../test/app';
import { testDbKind } from '../../test/template';
import { SESSION_ENDED_CLOSE, watchSessionSockets } from './live-sessions';

// Issue 24.5: an open /ws socket ends with its session (sign-out, expiry, deletion), on every instance.
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** An operator's socket on /ws of `url`, with how it closed once it does. */
async function openSocket(url: string, cookie: string) {
  const ws = new WebSocket(`${url}/ws`, { headers: { cookie } });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed };
}

const sessionIdOf = async (cookie: string) => {
  const [row] = await t.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(eq(sessions.isAdmin, true))
    .orderBy(sql`${sessions.id} desc`)
    .limit(1);
  return { cookie, id: row.id };
};

describe('#24.5 /ws ends with its session', () => {
  it('#24.5 the operator signs out: the open socket is closed (1008 session ended)', async () => {
    const cookie = await sessionCookie(t.db, { isAdmin: true });
    const { ws, closed } = await openSocket(base, cookie);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    const out = await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await closed).toEqual({ code: SESSION_ENDED_CLOSE.code, reason: 'session ended' });
  });

  it('#24.5 the session runs out of time: the socket is closed at its end', async () => {
    const { cookie, id } = await sessionIdOf(await sessionCookie(t.db, { isAdmin: true }));
    await t.db.update(sessions).set({ expiresAt: sql`now() + interval '2 seconds'` }).where(eq(sessions.id, id));
    const { closed } = await openSocket(base, cookie);
    expect(await closed).toEqual({ code: SESSION_ENDED_CLOSE.code, reason: 'session ended' });
  });

  it("#24.5 a member deleted by an operator (its sessions' user_id set null) is announced: a socket of that session is closed", async () => {
    const member = await insertUser(t.db);
    await sessionCookie(t.db, { userId: member.id });
    const [row] = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.id));
    const watcher = await watchSessionSockets(t.database);
    try {
      const socket = new (class extends EventEmitter {
        closedWith: number | null = null;
        close(code: number) {
          this.closedWith = code;
          this.emit('close');
        }
        terminate() {}
      })();
      watcher.watch(row.id, socket as unknown as WebSocket);
      await t.db.delete(users).where(eq(users.id, member.id));
      await expect.poll(() => socket.closedWith).toBe(SESSION_ENDED_CLOSE.code);
    } finally {
      await watcher.close();
    }
  });

  it('#24.5 the sign-out reaches every instance: a socket on the second instance closes when the first ends the session', async () => {
    // PostgreSQL: a second connection pool, as a second process would have; PGlite: the one database of this process.
    const otherDb: Database | null = testDbKind() === 'postgres' ? await openDatabase(t.config) : null;
    const other: FastifyInstance = await buildApp(t.config, { database: otherDb ?? t.database, storage: t.storage });
    try {
      await other.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await sessionCookie(t.db, { isAdmin: true });
      const { closed } = await openSocket(`ws://127.0.0.1:${(other.server.address() as AddressInfo).port}`, cookie);
      expect((await t.app.inject({ method: 'POST', url: '/api/admin/logout', headers: { cookie } })).statusCode).toBe(200);
      expect(await closed).toEqual({ code: SESSION_ENDED_CLOSE.code, reason: 'session ended' });
    } finally {
      await other.close();
      await otherDb?.close();
    }
  });
});
