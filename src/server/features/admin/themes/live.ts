import type { FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ADMIN_THEMES_MESSAGES, PROGRESS_MESSAGES } from '../../../../shared/messages/admin-themes';
import { type ProgressMessage, WsClientMessageSchema } from '../../../../shared/schemas/admin-themes';
import type { Db } from '../../../db/client';
import { type ProgressHub, snapshotOfTask } from './progress';

/** Keep-alives: proxies close connections that stay silent for a minute or so. */
const KEEPALIVE_MS = 25_000;
/** A connection follows at most this many tasks at once (a page shows 10). */
const MAX_SUBSCRIPTIONS = 50;

/**
 * /ws (spec §7): an operator's browser sends {"type":"subscribe","taskId":N} and receives that task's
 * progress messages (its state now first, then each step), whichever instance runs the task. The
 * admin cookie was checked when the connection was upgraded (adminsOnly).
 */
export function progressSocket(db: Db, hub: ProgressHub) {
  return (socket: WebSocket, _request: FastifyRequest) => {
    const subscriptions = new Map<number, () => void>();
    const send = (value: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(value));
    };
    socket.on('message', async (data) => {
      let parsed: ReturnType<typeof WsClientMessageSchema.safeParse> | null = null;
      try {
        parsed = WsClientMessageSchema.safeParse(JSON.parse(String(data)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return send({ type: 'error', message: ADMIN_THEMES_MESSAGES.wsBadMessage });
      const { type, taskId } = parsed.data;
      if (type === 'unsubscribe') {
        subscriptions.get(taskId)?.();
        subscriptions.delete(taskId);
        return;
      }
      if (!subscriptions.has(taskId)) {
        if (subscriptions.size >= MAX_SUBSCRIPTIONS) return send({ type: 'error', taskId, message: ADMIN_THEMES_MESSAGES.wsBadMessage });
        subscriptions.set(taskId, hub.subscribe(taskId, send));
      }
      const snapshot = await snapshotOfTask(db, taskId).catch(() => null);
      if (!snapshot) {
        subscriptions.get(taskId)?.();
        subscriptions.delete(taskId);
        return send({ type: 'error', taskId, message: ADMIN_THEMES_MESSAGES.taskNotFound });
      }
      send(snapshot);
    });
    const keepAlive = setInterval(() => {
      if (socket.readyState === socket.OPEN) socket.ping();
    }, KEEPALIVE_MS);
    keepAlive.unref();
    socket.on('close', () => {
      clearInterval(keepAlive);
      for (const off of subscriptions.values()) off();
      subscriptions.clear();
    });
  };
}

/**
 * GET /api/generate-content (spec §7): the task's progress as server-sent events — `status` {stage,
 * progress, message, taskId} for each step, then `complete` {trackId} or `error` {message}, and the
 * stream ends. The task is the queue's: a client that goes away stops hearing, not the generation.
 */
export function streamProgress(request: FastifyRequest, reply: FastifyReply, db: Db, hub: ProgressHub, taskId: number) {
  reply.hijack();
  const res = reply.raw;
  // The headers the hooks set (security headers) go out with the stream's own.
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  let ended = false;
  const write = (event: 'status' | 'complete' | 'error', data: object) => {
    if (!ended) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };
  const onMessage = (m: ProgressMessage) => {
    if (m.stage === 'task_complete' || (m.progress >= 100 && m.details.trackId)) {
      write('complete', { taskId, trackId: m.details.trackId ?? null });
      return end();
    }
    if (m.stage === 'error') {
      write('error', { taskId, message: m.message });
      return end();
    }
    write('status', { taskId, stage: m.stage, progress: m.progress, message: m.message });
  };
  const off = hub.subscribe(taskId, onMessage);
  const keepAlive = setInterval(() => {
    if (!ended) res.write(': keep-alive\n\n');
  }, KEEPALIVE_MS);
  keepAlive.unref();
  function end() {
    if (ended) return;
    ended = true;
    off();
    clearInterval(keepAlive);
    res.end();
  }
  res.on('close', end);
  write('status', { taskId, stage: 'initialization', progress: 0, message: PROGRESS_MESSAGES.initialization });
  // Anything that happened before the subscription: the task's state now.
  snapshotOfTask(db, taskId).then(
    (snapshot) => {
      if (snapshot && snapshot.stage !== 'initialization') onMessage(snapshot);
    },
    (err) => request.log.warn({ err }, 'generation progress: snapshot failed'),
  );
}
