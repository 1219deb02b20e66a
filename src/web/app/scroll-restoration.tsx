import { isRecord, readJson } from '@web/lib/json';
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'mugen-scroll-positions';
const MAX_ENTRIES = 50;

/** The kept positions: an object of numbers; anything else (not JSON, another shape) keeps none. */
const asPositions = (v: unknown): Map<string, number> | null =>
  isRecord(v) ? new Map(Object.entries(v).filter((e): e is [string, number] => typeof e[1] === 'number')) : null;

export function loadPositions(): Map<string, number> {
  try {
    return readJson(sessionStorage.getItem(STORAGE_KEY), asPositions) ?? new Map();
  } catch {
    return new Map(); // storage refused
  }
}

function storePositions(positions: Map<string, number>) {
  const kept = [...positions].slice(-MAX_ENTRIES);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Storage full or refused: after a reload, going back starts at the top.
  }
}

/**
 * The browser's scroll behaviour for a client-side app: a new page starts at the top (or at its #hash);
 * going back or forward returns to where that history entry was left, after a reload too (positions
 * are kept per history entry, in session storage when the page goes away).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const current = useRef(location.key);
  const positions = useRef<Map<string, number> | null>(null);
  positions.current ??= loadPositions();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    const map = positions.current as Map<string, number>;
    const onScroll = () => {
      map.delete(current.current);
      map.set(current.current, window.scrollY);
    };
    const onLeave = () => storePositions(map);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onLeave);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onLeave);
    };
  }, []);

  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions.current?.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
