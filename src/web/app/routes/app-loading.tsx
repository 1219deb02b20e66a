import { LogoMark } from '@web/components/ui/logo-mark';

/** Shown while the first page's code loads. */
export function AppLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-label="読み込み中">
      <LogoMark className="size-12 animate-shimmer" />
    </div>
  );
}
