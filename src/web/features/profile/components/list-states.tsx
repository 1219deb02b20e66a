import { Skeleton } from '@web/components/ui/skeleton';

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="space-y-2" aria-hidden="true">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-[4.5rem]" />
      ))}
    </div>
  );
}

export function ListError() {
  return <p className="rounded-3xl bg-surface px-6 py-10 text-center text-muted">読み込めませんでした。時間をおいて再度お試しください。</p>;
}
