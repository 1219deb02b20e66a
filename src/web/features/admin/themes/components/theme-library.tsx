import { ADMIN_TEXT } from '@shared/messages/admin';
import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import { ADMIN_SPEAKING_RATE_DEFAULT, type AdminSpeakingRate, type ThemeStatus } from '@shared/rules/admin-themes';
import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { listOf } from '@web/components/ui/list-state';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { Check, Lightbulb, LoaderCircle, Music, Trash2, X } from 'lucide-react';
import { useId, useState } from 'react';
import { AdminCardList, HeadingCount } from '../../components/admin-list-state';
import { type Theme, useAdminThemes, useGenerateThemeAudio, useSetThemeStatus } from '../api/themes';
import { DangerAction } from './danger-action';
import { SpeakingRateSelect } from './speaking-rate-select';

const T = ADMIN_THEMES_TEXT.library;
const _C = ADMIN_TEXT.common;

const BADGE: Record<ThemeStatus, string> = {
  pending: 'bg-surface-2 text-muted',
  approved: 'bg-accent-soft text-accent',
  rejected: 'bg-danger-soft text-danger',
};

/** 審査中, 採用 or 不採用 (spec §4, C-4-13). */
export function ThemeStatusBadge({ status }: { status: ThemeStatus }) {
  return (
    <span
      data-testid="theme-status"
      className={cn('inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2.5 py-0.5 font-medium text-xs', BADGE[status])}
    >
      {T.status[status]}
    </span>
  );
}

/**
 * テーマ管理's theme library (spec §2.4, §4): pending and approved themes (a theme being generated is
 * left out by the server), each with its review actions: a pending theme 採用 or 不採用, an approved one
 * its MP3 with a speaking rate, or 削除 (to rejected) after a confirmation.
 */
export function ThemeLibrary() {
  const themes = useAdminThemes();
  const id = useId();
  const body = (
    <AdminCardList
      query={listOf(themes, (d) => d)}
      label={T.heading}
      bars={['h-28', 'h-28', 'h-28']}
      testId="theme-list"
      errorTestId="themes-error"
      empty={<EmptyState icon={Lightbulb} title={T.empty.title} body={T.empty.body} look="card" testId="themes-empty" />}
    >
      {(theme) => <ThemeCard theme={theme} />}
    </AdminCardList>
  );
  return (
    <section aria-labelledby={`${id}-h`} data-testid="theme-library">
      <h2 id={`${id}-h`} className="mb-3 flex items-baseline gap-2 font-bold text-lg">
        {T.heading}
        <HeadingCount count={themes.data?.length} />
      </h2>
      {body}
    </section>
  );
}

function ThemeCard({ theme }: { theme: Theme }) {
  const setStatus = useSetThemeStatus();
  const generate = useGenerateThemeAudio();
  const [rate, setRate] = useState<AdminSpeakingRate>(ADMIN_SPEAKING_RATE_DEFAULT);
  const [confirmRemove, setConfirmRemove] = useState(false);
  // From the click until the library, fetched again, no longer lists it (its task is queued or running).
  const [started, setStarted] = useState(false);
  const generating = generate.isPending || started;
  const id = useId();

  const move = (status: ThemeStatus) =>
    setStatus.mutate(
      { id: theme.id, status },
      {
        onSuccess: () => setConfirmRemove(false),
        onError: (err) => toast({ title: T.statusFailed, description: serverMessage(err) ?? undefined, variant: 'destructive' }),
      },
    );
  const startGeneration = () =>
    generate.mutate(
      { id: theme.id, speakingRate: rate },
      {
        onSuccess: () => {
          setStarted(true);
          toast({ title: T.generateStarted });
        },
        onError: (err) => toast({ title: T.generateFailed, description: serverMessage(err) ?? undefined, variant: 'destructive' }),
      },
    );

  return (
    <article
      className="rounded-2xl border border-border bg-bg p-4"
      data-testid="theme-card"
      data-theme-id={theme.id}
      aria-labelledby={`${id}-t`}
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={`${id}-t`} className="min-w-0 font-bold leading-snug [word-break:auto-phrase]" data-testid="theme-title">
          {theme.title}
        </h3>
        <ThemeStatusBadge status={theme.status} />
      </div>
      {theme.perspective && (
        <p className="mt-1.5 text-sm">
          <span className="mr-1.5 text-muted">{T.perspective}</span>
          {theme.perspective}
        </p>
      )}
      <p className="mt-1.5 text-muted text-sm leading-relaxed [overflow-wrap:anywhere]" data-testid="theme-content">
        {theme.content}
      </p>
      {theme.youtubeExtraction && (
        <a
          href={theme.youtubeExtraction.url}
          target="_blank"
          rel="noreferrer noopener"
          className="mt-1.5 inline-block max-w-full truncate text-accent text-xs hover:underline"
        >
          {T.source(theme.youtubeExtraction.title ?? theme.youtubeExtraction.url)}
        </a>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {theme.status === 'pending' && (
          <>
            <Button size="sm" onClick={() => move('approved')} disabled={setStatus.isPending} data-testid="theme-approve">
              <Check aria-hidden="true" className="size-4" />
              {T.approve}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => move('rejected')}
              disabled={setStatus.isPending}
              data-testid="theme-reject"
            >
              <X aria-hidden="true" className="size-4" />
              {T.reject}
            </Button>
          </>
        )}
        {theme.status === 'approved' && (
          <>
            {/* biome-ignore lint/a11y/noLabelWithoutControl: the select is inside SpeakingRateSelect */}
            <label className="inline-flex items-center gap-1.5 text-sm">
              <span className="text-muted">{T.rate}</span>
              <SpeakingRateSelect value={rate} onChange={setRate} disabled={generating} testId="theme-rate" className="px-2.5 text-sm" />
            </label>
            <Button size="sm" onClick={startGeneration} disabled={generating} data-testid="theme-generate">
              {generating ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Music aria-hidden="true" className="size-4" />
              )}
              {generating ? T.generating : T.generate}
            </Button>
            <DangerAction
              icon={Trash2}
              label={T.remove}
              testId="theme-remove"
              className="ml-auto"
              disabled={generating}
              open={confirmRemove}
              onOpenChange={setConfirmRemove}
              title={T.removeConfirm(theme.title)}
              description={T.removeBody}
              busy={setStatus.isPending}
              onConfirm={() => move('rejected')}
            />
          </>
        )}
      </div>
    </article>
  );
}
