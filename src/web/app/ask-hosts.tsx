import type { AskHostsButton as Button } from '@web/features/questions/components/ask-hosts-button';
import { type ComponentProps, lazy, Suspense } from 'react';

const Loaded = lazy(async () => ({ default: (await import('@web/features/questions/components/ask-hosts-button')).AskHostsButton }));

/**
 * 質問する (issue 39.1) as the home player, the player bar and the track page show it: loaded after the
 * first paint, so the home route's first download stays within its budget (#27.5).
 */
export function AskHostsButton(props: ComponentProps<typeof Button>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
