import { APP_TEXT } from '@shared/messages/app';
import { LogoMark } from '@web/components/ui/logo-mark';

/** Shown in the page's place while a page's code loads for the first time. */
export function PageLoading() {
  return (
    <div className="flex flex-1 items-center justify-center py-24" role="status" aria-label={APP_TEXT.pageLoading.ariaLabel}>
      <LogoMark className="size-12 animate-shimmer" />
    </div>
  );
}
