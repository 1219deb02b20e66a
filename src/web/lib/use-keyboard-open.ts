import { isKeyboardOpen } from '@shared/rules/shell';
import { useEffect, useState } from 'react';

/** Only phones and tablets have an on-screen keyboard; a desktop window made shorter is not one. */
function mayHaveOnScreenKeyboard(): boolean {
  const el = document.activeElement;
  const editing = el instanceof HTMLElement && (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));
  return editing || window.matchMedia('(pointer: coarse)').matches;
}

/**
 * True while the on-screen keyboard seems open: the visual viewport is more than 150 px shorter than the
 * tallest it has been at this width (a rotation starts a new baseline).
 */
export function useKeyboardOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const vv = window.visualViewport;
    if (!vv) return;
    let width = vv.width;
    let baseline = vv.height;
    const onResize = () => {
      if (Math.abs(vv.width - width) > 1) {
        width = vv.width;
        baseline = vv.height;
      }
      baseline = Math.max(baseline, vv.height);
      setOpen(isKeyboardOpen(baseline, vv.height) && mayHaveOnScreenKeyboard());
    };
    vv.addEventListener('resize', onResize);
    return () => vv.removeEventListener('resize', onResize);
  }, []);
  return open;
}
