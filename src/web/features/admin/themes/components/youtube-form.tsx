import { ADMIN_THEMES_TEXT } from '@shared/messages/admin-themes';
import { checkYoutubeUrl, THEME_LIMITS } from '@shared/rules/admin-themes';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { LoaderCircle, MonitorPlay, PenLine } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useCreateTheme, useExtractThemes } from '../api/themes';

const T = ADMIN_THEMES_TEXT;
const FIELD =
  'mt-1 w-full rounded-xl border border-border bg-bg px-3 py-2.5 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent';

/**
 * テーマ管理's YouTube form (spec §2.4, C-2.4-31..33): an input of type url, the submit disabled while it
 * is empty or while an extraction runs. A URL that is not a YouTube video's is refused here, before
 * anything is sent; the server's own refusal (offline, a model that cannot watch) shows as it says it.
 */
export function YoutubeExtractForm() {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const extract = useExtractThemes();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!url.trim() || extract.isPending) return;
    const problem = checkYoutubeUrl(url);
    if (problem) return setError(problem);
    setError(null);
    extract.mutate(url.trim(), {
      onSuccess: (answer) => {
        setUrl('');
        toast({ title: answer.message });
      },
      onError: (err) => setError(serverMessage(err) ?? T.manual.failed),
    });
  };

  return (
    <section className="rounded-2xl border border-border bg-surface p-4 sm:p-5" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="flex items-center gap-2 font-bold text-base">
        <MonitorPlay aria-hidden="true" className="size-5 text-danger" />
        {T.youtube.heading}
      </h2>
      <p className="mt-1 text-muted text-sm">{T.youtube.lead}</p>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="block min-w-0 flex-1">
          <span className="sr-only">{T.youtube.label}</span>
          <input
            type="url"
            inputMode="url"
            value={url}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(null);
            }}
            placeholder={T.youtube.placeholder}
            aria-label={T.youtube.label}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-e` : undefined}
            data-testid="youtube-url"
            className={FIELD}
          />
        </label>
        <Button type="submit" disabled={!url.trim() || extract.isPending} data-testid="youtube-submit" className="shrink-0">
          {extract.isPending && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {extract.isPending ? T.youtube.submitting : T.youtube.submit}
        </Button>
      </form>
      {error && (
        <p id={`${id}-e`} role="alert" className="mt-2 text-danger text-sm leading-relaxed" data-testid="youtube-error">
          {error}
        </p>
      )}
      <ManualThemeButton />
    </section>
  );
}

/** A theme written by hand (YouTube cannot be reached offline), added as pending like an extracted one. */
function ManualThemeButton() {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [perspective, setPerspective] = useState('');
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useCreateTheme();
  const id = useId();
  const ready = title.trim() !== '' && content.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || create.isPending) return;
    setError(null);
    create.mutate(
      { title: title.trim(), perspective: perspective.trim(), content: content.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          setTitle('');
          setPerspective('');
          setContent('');
          toast({ title: T.manual.added });
        },
        onError: (err) => setError(serverMessage(err) ?? T.manual.failed),
      },
    );
  };

  return (
    <>
      <Button variant="ghost" size="sm" className="mt-2 -ml-2" onClick={() => setOpen(true)} data-testid="manual-theme-open">
        <PenLine aria-hidden="true" className="size-4" />
        {T.manual.open}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={T.manual.heading} testId="manual-theme-dialog">
        <form onSubmit={submit} noValidate>
          <label htmlFor={`${id}-t`} className="block font-medium text-sm">
            {T.manual.title}
          </label>
          <input id={`${id}-t`} value={title} maxLength={THEME_LIMITS.title} onChange={(e) => setTitle(e.target.value)} className={FIELD} />
          <label htmlFor={`${id}-p`} className="mt-4 block font-medium text-sm">
            {T.manual.perspective}
          </label>
          <input
            id={`${id}-p`}
            value={perspective}
            maxLength={THEME_LIMITS.perspective}
            onChange={(e) => setPerspective(e.target.value)}
            className={FIELD}
          />
          <label htmlFor={`${id}-c`} className="mt-4 block font-medium text-sm">
            {T.manual.content}
          </label>
          <textarea
            id={`${id}-c`}
            value={content}
            rows={6}
            maxLength={THEME_LIMITS.content}
            onChange={(e) => setContent(e.target.value)}
            className={`${FIELD} resize-y leading-relaxed`}
          />
          {error && (
            <p role="alert" className="mt-3 text-danger text-sm">
              {error}
            </p>
          )}
          <Button type="submit" className="mt-5 w-full" disabled={!ready || create.isPending}>
            {T.manual.submit}
          </Button>
        </form>
      </Modal>
    </>
  );
}
