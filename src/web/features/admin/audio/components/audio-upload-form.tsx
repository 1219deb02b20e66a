import { ADMIN_AUDIO_TEXT } from '@shared/messages/admin-audio';
import { megabytes } from '@shared/rules/admin';
import { ADMIN_AUDIO_MESSAGES, ADMIN_UPLOAD_TITLE_MAX, uploadFileProblem, uploadTitleProblem } from '@shared/rules/admin-audio';
import { Button } from '@web/components/ui/button';
import { Progress } from '@web/components/ui/progress';
import { ApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { toast } from '@web/lib/toast';
import { FileAudio, Lightbulb, Upload } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useUploadAudio } from '../api/upload';

const T = ADMIN_AUDIO_TEXT.upload;

/** Audio only in the file picker (spec §5); the server decides by the content (MP3 frames). */
const ACCEPT = 'audio/mpeg,.mp3';
const looksLikeAudio = (file: File) => file.type.startsWith('audio/') || /\.mp3$/i.test(file.name);

/**
 * 音声管理 › アップロード (spec §2.4, §5, C-2.4-15/16): a title (trimmed, required) and an MP3 (required,
 * audio only, at most 50 MB), the upload's progress, a toast, then the list. The YouTube extraction
 * lives on テーマ管理, which this page points to.
 */
export function AudioUploadForm({ onUploaded }: { onUploaded: () => void }) {
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string | null; file?: string | null; form?: string | null }>({});
  const [progress, setProgress] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadAudio();
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const titleProblem = uploadTitleProblem(title);
    const fileProblem = file && !looksLikeAudio(file) ? ADMIN_AUDIO_MESSAGES.notMp3 : uploadFileProblem(file);
    setErrors({ title: titleProblem, file: fileProblem });
    if (titleProblem || fileProblem || !file) return;
    setProgress(0);
    upload.mutate(
      { title: title.trim(), file, onProgress: setProgress },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message });
          setTitle('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          setErrors({});
          onUploaded();
        },
        onError: (err) => {
          const message = serverMessage(err);
          // The server's word on a field goes under it; anything else is the form's.
          if (err instanceof ApiError && message === ADMIN_AUDIO_MESSAGES.titleRequired) setErrors({ title: message });
          else if (
            err instanceof ApiError &&
            (err.status === 413 || message === ADMIN_AUDIO_MESSAGES.notMp3 || message === ADMIN_AUDIO_MESSAGES.fileRequired)
          )
            setErrors({ file: message });
          else setErrors({ form: message ?? ADMIN_AUDIO_MESSAGES.uploadFailed });
          toast({ title: ADMIN_AUDIO_TEXT.toast.uploadFailed, description: message ?? undefined, variant: 'destructive' });
        },
      },
    );
  };

  const percent = Math.round(progress * 100);
  const busy = upload.isPending;
  const input =
    'mt-1 w-full rounded-xl border border-border bg-bg px-3 py-2.5 text-base outline-none focus-visible:ring-2 focus-visible:ring-accent aria-[invalid=true]:border-danger';

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <form
        onSubmit={submit}
        noValidate
        className="rounded-2xl border border-border bg-surface p-5"
        aria-labelledby={`${id}-h`}
        data-testid="admin-upload-form"
      >
        <h2 id={`${id}-h`} className="flex items-center gap-2 font-bold text-lg">
          <Upload aria-hidden="true" className="size-5" />
          {T.heading}
        </h2>
        <p className="mt-1 text-muted text-sm">{T.lead}</p>

        <label htmlFor={`${id}-t`} className="mt-5 block font-medium text-sm">
          {T.title}
        </label>
        <input
          id={`${id}-t`}
          name="title"
          required
          maxLength={ADMIN_UPLOAD_TITLE_MAX * 2}
          value={title}
          onChange={(e) => {
            setTitle(e.target.value);
            if (errors.title) setErrors((x) => ({ ...x, title: null }));
          }}
          placeholder={T.titlePlaceholder}
          aria-invalid={Boolean(errors.title)}
          aria-describedby={errors.title ? `${id}-te` : undefined}
          disabled={busy}
          className={input}
        />
        {errors.title && (
          <p id={`${id}-te`} role="alert" className="mt-1 text-danger text-sm" data-testid="upload-title-error">
            {errors.title}
          </p>
        )}

        <label htmlFor={`${id}-f`} className="mt-4 block font-medium text-sm">
          {T.file}
        </label>
        {/* The native picker's words are the browser's (often English): the input stays for the keyboard and
            screen readers, the visible picker is ours. */}
        <input
          ref={fileInput}
          id={`${id}-f`}
          name="audio"
          type="file"
          accept={ACCEPT}
          required
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setErrors((x) => ({ ...x, file: null, form: null }));
          }}
          aria-invalid={Boolean(errors.file)}
          aria-describedby={`${id}-fh${errors.file ? ` ${id}-fe` : ''}`}
          disabled={busy}
          className="peer sr-only"
        />
        <div
          aria-hidden="true"
          onClick={() => fileInput.current?.click()}
          className={cn(
            'mt-1 flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-border bg-bg p-1.5 pr-3 text-sm',
            'peer-focus-visible:ring-2 peer-focus-visible:ring-accent peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
            errors.file && 'border-danger',
          )}
        >
          <span className="inline-flex min-h-9 shrink-0 items-center rounded-lg bg-surface-2 px-3 font-medium">{T.choose}</span>
          <span className={cn('min-w-0 truncate', !file && 'text-muted')} data-testid="upload-chosen">
            {file ? T.chosen(file.name, megabytes(file.size)) : T.noFile}
          </span>
        </div>
        <p id={`${id}-fh`} className="mt-1 text-muted text-xs">
          {T.fileHint}
        </p>
        {errors.file && (
          <p id={`${id}-fe`} role="alert" className="mt-1 text-danger text-sm" data-testid="upload-file-error">
            {errors.file}
          </p>
        )}
        {errors.form && (
          <p role="alert" className="mt-3 rounded-xl bg-danger-soft p-3 text-danger text-sm">
            {errors.form}
          </p>
        )}

        {busy && (
          <div className="mt-4" data-testid="upload-progress">
            <Progress value={percent} label={T.submitting(percent)} />
            <p className="mt-1 text-muted text-xs tabular-nums" aria-live="polite">
              {percent < 100 ? T.submitting(percent) : T.processing}
            </p>
          </div>
        )}

        <Button type="submit" className="mt-5 w-full sm:w-auto" disabled={busy}>
          <FileAudio aria-hidden="true" className="size-4" />
          {busy ? (percent < 100 ? T.submitting(percent) : T.processing) : T.submit}
        </Button>
      </form>

      <aside className="h-fit rounded-2xl border border-border p-5" data-testid="admin-upload-youtube">
        <h2 className="flex items-center gap-2 font-bold text-base">
          <Lightbulb aria-hidden="true" className="size-5" />
          {T.youtubeHeading}
        </h2>
        <p className="mt-1 text-muted text-sm leading-relaxed">{T.youtubeLead}</p>
        <Button asChild variant="secondary" size="sm" className="mt-4">
          <Link to="/admin?tab=themes">{T.youtubeLink}</Link>
        </Button>
      </aside>
    </div>
  );
}
