import { HOST_NAMES } from '@shared/constants';
import { ASK_DIALOG_TEXT as T } from '@shared/messages/questions';
import { questionProblem } from '@shared/rules/questions';
import type { Track } from '@shared/schemas/track';
import { SearchSuggestions } from '@web/components/claims/search-suggestions';
import { Button } from '@web/components/ui/button';
import { Modal } from '@web/components/ui/dialog';
import { Field, fieldControl, TextArea } from '@web/components/ui/field';
import { IconButton } from '@web/components/ui/icon-button';
import { ApiError } from '@web/lib/api';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { Mic, MicOff } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type HostsAnswer, useAskHosts } from '../api/ask-hosts';
import { canListen, listen } from '../lib/speech-input';

/** The failure a member reads: offline (no network, or the request never reached the server), or the server's message. */
function failureOf(error: unknown): string {
  if (!(error instanceof ApiError)) return T.offline;
  return serverMessage(error) ?? T.failed;
}

/**
 * The question and the hosts' answer (issue 39.1): typed, or spoken where the browser hears Japanese;
 * 考えています… while the hosts think; then their lines on screen as their answer plays, and the dialog
 * closes when it ends (the button that opened it resumes the track). The media session keeps the track.
 */
export function AskHostsDialog({ track, open, onOpenChange }: { track: Track; open: boolean; onOpenChange: (open: boolean) => void }) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [listening, setListening] = useState(false);
  const stopListening = useRef<(() => void) | null>(null);
  const ask = useAskHosts();
  const { reset } = ask;
  const answer = ask.data;

  // Each opening starts a new question.
  useEffect(() => {
    if (!open) return;
    reset();
    setProblem(null);
    setQuestion('');
  }, [open, reset]);
  useEffect(() => () => stopListening.current?.(), []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const message = questionProblem(question) ?? (navigator.onLine ? null : T.offline);
    setProblem(message);
    if (!message) ask.mutate({ trackId: track.id, question: question.trim() });
  };
  const onMic = () => {
    if (listening) return stopListening.current?.();
    setProblem(null);
    setListening(true);
    stopListening.current = listen({
      onText: setQuestion,
      onEnd: (failed) => {
        setListening(false);
        stopListening.current = null;
        if (failed) setProblem(T.micFailed);
      },
    });
  };
  const failure = problem ?? (ask.isError ? failureOf(ask.error) : null);

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={T.title} description={T.description} testId="ask-hosts-dialog">
      {answer ? (
        <AnswerPlayback answer={answer} onEnd={() => onOpenChange(false)} />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Field id={`${id}-q`} label={T.field} count={T.count([...question].length)} error={failure}>
            <div className="flex items-start gap-2">
              <TextArea
                {...fieldControl(`${id}-q`, failure)}
                value={question}
                rows={3}
                placeholder={T.placeholder}
                disabled={ask.isPending}
                onChange={(e) => setQuestion(e.target.value)}
                data-testid="ask-hosts-question"
                className="flex-1"
              />
              {canListen() && (
                <IconButton
                  icon={listening ? MicOff : Mic}
                  label={listening ? T.micStop : T.micStart}
                  tone="fg"
                  aria-pressed={listening}
                  disabled={ask.isPending}
                  onClick={onMic}
                  data-testid="ask-hosts-mic"
                />
              )}
            </div>
          </Field>
          <div className="mt-4 flex items-center justify-between gap-3">
            <p aria-live="polite" className="min-h-6 text-muted text-sm">
              {listening && T.listening}
              {ask.isPending && <span data-testid="ask-hosts-thinking">{T.thinking}</span>}
            </p>
            <Button type="submit" disabled={ask.isPending} data-testid="ask-hosts-submit">
              {T.submit}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

/** The pages a web search read for the lines from outside the track, and Google's Search Suggestions as its terms ask. */
function AnswerSources({ answer }: { answer: HostsAnswer }) {
  return (
    <section className="mt-4 border-border border-t pt-3" aria-label={T.sourcesTitle} data-testid="answer-sources">
      <h3 className="font-bold text-sm">{T.sourcesTitle}</h3>
      <p className="mt-1 text-muted text-xs">{T.sourcesNote}</p>
      <ul className="mt-2 flex flex-col gap-1 text-sm">
        {answer.sources.map((source) => (
          <li key={source.url}>
            <a href={source.url} target="_blank" rel="noopener noreferrer" className="break-all text-accent underline underline-offset-2">
              {source.title}
            </a>
          </li>
        ))}
      </ul>
      {answer.searchEntryPoint && <SearchSuggestions html={answer.searchEntryPoint} />}
    </section>
  );
}

/** The answer's lines while its audio plays; at its end (or 続きを再生) the dialog closes. */
function AnswerPlayback({ answer, onEnd }: { answer: HostsAnswer; onEnd: () => void }) {
  const [playing, setPlaying] = useState(false);
  const ended = useRef(onEnd);
  ended.current = onEnd;
  useEffect(() => {
    const audio = new Audio(answer.audioUrl);
    audio.onplaying = () => setPlaying(true);
    audio.onended = () => ended.current();
    // Refused (no gesture the browser counts): the lines stay on screen and 続きを再生 goes on.
    audio.play().catch(() => setPlaying(false));
    return () => {
      audio.onended = null;
      audio.pause();
      audio.removeAttribute('src');
    };
  }, [answer.audioUrl]);
  return (
    <section aria-label={T.answerLabel} data-testid="ask-hosts-answer" data-covered={answer.covered} data-playing={playing}>
      <ol className="flex flex-col gap-3">
        {answer.lines.map((line) => (
          <li key={`${line.speaker}-${line.text}`} className="flex gap-3" data-testid="answer-line">
            <span className={cn('shrink-0 font-bold text-sm leading-relaxed', line.speaker === HOST_NAMES[0] ? 'text-accent' : 'text-fg')}>
              {line.speaker}
            </span>
            <span className="text-[15px] leading-relaxed">
              {line.text}
              {line.outside && (
                <span
                  className="ml-2 inline-block rounded-full bg-surface px-2 py-0.5 align-middle text-muted text-xs"
                  data-testid="answer-outside"
                >
                  {T.outside}
                </span>
              )}
            </span>
          </li>
        ))}
      </ol>
      {!answer.covered && <p className="mt-3 text-muted text-sm">{T.notCovered}</p>}
      {answer.sources.length > 0 && <AnswerSources answer={answer} />}
      <div className="mt-5 flex justify-end">
        <Button onClick={onEnd} data-testid="ask-hosts-resume">
          {T.resume}
        </Button>
      </div>
    </section>
  );
}
