import { eq } from 'drizzle-orm';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/**
 * Open sockets end with their session (issue 24.5). A trigger on `sessions` NOTIFYs the id of every row
 * deleted, whatever deletes it (a sign-out, a member's deletion by cascade, an operator removing a
 * member, a sweep), on SESSION_ENDED_CHANNEL; every instance LISTENs once and closes its own sockets of
 * that session. A session that runs out of time is noticed by a timer at its end (re-read then, since
 * use slides it). After a lost LISTEN connection every watched session is read again.
 */
export const SESSION_ENDED_CHANNEL = 'mugen_session_ended';

/** The close code a socket ends with when its session is over (policy violation: no longer authorised). */
export const SESSION_ENDED_CLOSE = { code: 1008, reason: 'session ended' } as const;

/** A timer cannot wait longer than this; a later end is re-read then. */
const MAX_TIMER_MS = 2_147_000_000;

export interface SessionSockets {
  /** Closes `socket` when session `sessionId` ends. */
  watch(sessionId: number, socket: WebSocket): void;
  close(): Promise<void>;
}

export async function watchSessionSockets(database: Database): Promise<SessionSockets> {
  const open = new Map<number, { sockets: Set<WebSocket>; timer?: ReturnType<typeof setTimeout> }>();

  const end = (sessionId: number) => {
    const entry = open.get(sessionId);
    if (!entry) return;
    open.delete(sessionId);
    clearTimeout(entry.timer);
    for (const socket of entry.sockets) {
      socket.close(SESSION_ENDED_CLOSE.code, SESSION_ENDED_CLOSE.reason);
      // A client that never answers the close frame is cut off.
      setTimeout(() => socket.terminate(), 2_000).unref();
    }
  };

  /** Reads the session's end: closes its sockets when it is gone or over, else waits for that moment. */
  const check = async (sessionId: number) => {
    const entry = open.get(sessionId);
    if (!entry) return;
    const [row] = await database.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
    const left = row ? row.expiresAt.getTime() - Date.now() : 0;
    if (left <= 0) return end(sessionId);
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => check(sessionId).catch(() => {}), Math.min(left + 1_000, MAX_TIMER_MS));
    entry.timer.unref();
  };

  const unlisten = await database.listen(SESSION_ENDED_CHANNEL, (payload) => {
    if (payload === '*') {
      for (const sessionId of open.keys()) check(sessionId).catch(() => {});
      return;
    }
    const sessionId = Number(payload);
    if (Number.isSafeInteger(sessionId)) end(sessionId);
  });

  return {
    watch(sessionId, socket) {
      let entry = open.get(sessionId);
      if (!entry) {
        entry = { sockets: new Set() };
        open.set(sessionId, entry);
      }
      entry.sockets.add(socket);
      socket.once('close', () => {
        const current = open.get(sessionId);
        if (!current) return;
        current.sockets.delete(socket);
        if (current.sockets.size === 0) {
          clearTimeout(current.timer);
          open.delete(sessionId);
        }
      });
      // Also closes a socket whose session ended between the upgrade's check and now.
      check(sessionId).catch(() => {});
    },
    async close() {
      for (const entry of open.values()) clearTimeout(entry.timer);
      open.clear();
      await unlisten();
    },
  };
}
