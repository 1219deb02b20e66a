import { generationDone } from '@shared/rules/admin-themes';
import type { ProgressMessage } from '@shared/schemas/admin-themes';
import { useEffect, useRef, useState } from 'react';

export type { ProgressMessage };

/** Reconnecting after a lost connection: 1 s, doubling up to 10 s. */
const RETRY_MS = { from: 1000, max: 10_000 } as const;

/** The address of /ws on this site (ws: or wss: as the page is served). */
const socketUrl = () => `${window.location.protocol === 'https:' ? 'wss:' : 'ws:'}//${window.location.host}/ws`;

/** A newer message replaces the one kept, except that a running task's bar never goes back. */
function merge(kept: ProgressMessage | undefined, next: ProgressMessage): ProgressMessage {
  if (!kept || next.stage === 'error' || generationDone(next)) return next;
  if (kept.stage === 'error' || generationDone(kept)) return kept;
  return next.progress >= kept.progress ? next : { ...next, progress: kept.progress };
}

/**
 * Live progress of generation tasks over /ws (spec §7): one socket while there is a task to follow;
 * each task in `taskIds` is subscribed once ({"type":"subscribe","taskId":N}) and its latest message
 * kept, also after the task leaves the list of ids (its completed view stays). A lost connection is
 * opened again and every task subscribed again (the server answers each with its state now).
 */
export function useTaskProgress(taskIds: readonly number[]): { messages: ReadonlyMap<number, ProgressMessage>; connected: boolean } {
  const [messages, setMessages] = useState<ReadonlyMap<number, ProgressMessage>>(() => new Map());
  const [connected, setConnected] = useState(false);
  const wanted = useRef(new Set<number>());
  const socket = useRef<WebSocket | null>(null);
  /** The tasks subscribed on the open socket. */
  const sent = useRef(new Set<number>());
  for (const id of taskIds) wanted.current.add(id);
  const key = [...wanted.current].sort((a, b) => a - b).join(',');
  const active = key !== '';

  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const ws = new WebSocket(socketUrl());
      socket.current = ws;
      ws.onopen = () => {
        failures = 0;
        setConnected(true);
        for (const taskId of wanted.current) {
          sent.current.add(taskId);
          ws.send(JSON.stringify({ type: 'subscribe', taskId }));
        }
      };
      ws.onmessage = (event) => {
        let m: ProgressMessage;
        try {
          m = JSON.parse(String(event.data));
        } catch {
          return;
        }
        if (typeof m?.taskId !== 'number' || typeof m.stage !== 'string') return;
        setMessages((prev) => new Map(prev).set(m.taskId, merge(prev.get(m.taskId), m)));
      };
      ws.onclose = () => {
        setConnected(false);
        sent.current.clear();
        if (socket.current === ws) socket.current = null;
        if (stopped) return;
        const delay = Math.min(RETRY_MS.max, RETRY_MS.from * 2 ** failures);
        failures += 1;
        retry = setTimeout(open, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socket.current?.close();
      socket.current = null;
      sent.current.clear();
    };
  }, [active]);

  // A task added while the socket is open: subscribe to it now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the set of tasks or the connection changes
  useEffect(() => {
    const ws = socket.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    for (const taskId of wanted.current) {
      if (sent.current.has(taskId)) continue;
      sent.current.add(taskId);
      ws.send(JSON.stringify({ type: 'subscribe', taskId }));
    }
  }, [key, connected]);

  return { messages, connected };
}
