import { SUPPORT_TEXT } from '@shared/messages/support';
import {
  CONTACT_LIMITS,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  type ContactFields,
  type ContactSubject,
  contactProblems,
} from '@shared/rules/support';
import { SiteFooter } from '@web/components/layout/site-footer';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Field, fieldControl, inputClass } from '@web/components/ui/field';
import { PageState } from '@web/components/ui/page-state';
import { ApiError } from '@web/lib/api';
import { useUser } from '@web/lib/auth';
import { cn } from '@web/lib/cn';
import { serverMessage } from '@web/lib/server-message';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { ChevronDown, CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSendContact } from '../api/contact';

const T = SUPPORT_TEXT.contactPage;
const ORDER: (keyof ContactFields)[] = ['name', 'email', 'subject', 'message'];

/**
 * /contact (creator-operator spec §2.6): name, e-mail, subject (the spec's six options), message, all
 * required with a valid e-mail (the shared rules, the same as the server's). Editing, sending, then the
 * success screen or the spec's failure message with the form kept (C-4-27). A member's name and
 * address are filled in. Visitors may write too (C-6-01).
 */
export function ContactRoute() {
  useDocumentTitle(T.documentTitle);
  const send = useSendContact();
  if (send.isSuccess) return <ContactSent onAgain={() => send.reset()} />;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 pt-6 pb-8" data-testid="contact-page">
      <h1 className="font-bold text-2xl">{T.title}</h1>
      <p className="mt-2 text-muted leading-relaxed [word-break:auto-phrase]">{T.lead}</p>
      <p className="mt-3 rounded-2xl bg-surface px-4 py-3 text-sm leading-relaxed">
        {T.faqHint}
        <Link to="/faq" className="ml-1 font-medium text-accent underline underline-offset-2">
          {T.faqLink}
        </Link>
      </p>
      <ContactForm send={send} />
      <SiteFooter current="/contact" />
    </div>
  );
}

function ContactForm({ send }: { send: ReturnType<typeof useSendContact> }) {
  const { user } = useUser();
  const [fields, setFields] = useState<ContactFields>({ name: '', email: '', subject: '', message: '' });
  const [submitted, setSubmitted] = useState(false);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    subject: useRef<HTMLSelectElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const ids = { name: useId(), email: useId(), subject: useId(), message: useId() };
  const problems = submitted ? contactProblems(fields) : {};

  // A member is known: the name and address are filled in where still empty.
  useEffect(() => {
    if (!user) return;
    setFields((f) => ({ ...f, name: f.name || user.name || '', email: f.email || user.email || '' }));
  }, [user]);

  const set = (key: keyof ContactFields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (send.isPending) return;
    setSubmitted(true);
    const found = contactProblems(fields);
    const first = ORDER.find((k) => found[k]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    send.mutate({
      name: fields.name.trim(),
      email: fields.email.trim(),
      subject: fields.subject as ContactSubject,
      message: fields.message.trim(),
    });
  };

  const busy = send.isPending;
  const messageLength = [...fields.message.trim()].length;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5" aria-busy={busy} data-testid="contact-form">
      {send.isError && <SendFailure error={send.error} />}
      <fieldset disabled={busy} className="space-y-5">
        <Field id={ids.name} label={T.name} mark="required" error={problems.name}>
          <input
            ref={refs.name}
            {...fieldControl(ids.name, problems.name)}
            aria-required
            value={fields.name}
            onChange={(e) => set('name')(e.target.value)}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name * 2}
            className={inputClass}
            data-testid="contact-name"
          />
        </Field>
        <Field id={ids.email} label={T.email} mark="required" error={problems.email}>
          <input
            ref={refs.email}
            {...fieldControl(ids.email, problems.email)}
            aria-required
            type="email"
            inputMode="email"
            value={fields.email}
            onChange={(e) => set('email')(e.target.value)}
            autoComplete="email"
            maxLength={CONTACT_LIMITS.email}
            className={inputClass}
            data-testid="contact-email"
          />
        </Field>
        <Field id={ids.subject} label={T.subject} mark="required" error={problems.subject}>
          <span className="relative block">
            <select
              ref={refs.subject}
              {...fieldControl(ids.subject, problems.subject)}
              aria-required
              value={fields.subject}
              onChange={(e) => set('subject')(e.target.value)}
              className={cn(inputClass, 'appearance-none pr-11', !fields.subject && 'text-muted')}
              data-testid="contact-subject"
            >
              <option value="" disabled hidden>
                {T.subjectPlaceholder}
              </option>
              {CONTACT_SUBJECTS.map((s) => (
                <option key={s} value={s} className="text-fg">
                  {CONTACT_SUBJECT_LABELS[s]}
                </option>
              ))}
            </select>
            <ChevronDown
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 right-4 mt-1 size-5 -translate-y-1/2 text-muted"
            />
          </span>
        </Field>
        <Field
          id={ids.message}
          label={T.message}
          mark="required"
          error={problems.message}
          count={`${messageLength.toLocaleString('en-US')}/${CONTACT_LIMITS.message.toLocaleString('en-US')}`}
        >
          <textarea
            ref={refs.message}
            {...fieldControl(ids.message, problems.message)}
            aria-required
            value={fields.message}
            onChange={(e) => set('message')(e.target.value)}
            placeholder={T.messagePlaceholder}
            rows={7}
            className={cn(inputClass, 'min-h-40 resize-y py-3 leading-relaxed')}
            data-testid="contact-message"
          />
        </Field>
      </fieldset>
      <p className="text-muted text-xs leading-relaxed">
        {T.privacyPrefix}
        <Link to="/privacy" className="mx-0.5 text-accent underline underline-offset-2">
          {T.privacyLink}
        </Link>
        {T.privacySuffix}
      </p>
      <Button type="submit" size="lg" className="w-full sm:w-auto sm:min-w-48" disabled={busy} data-testid="contact-submit">
        {busy && <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />}
        {busy ? T.sending : T.submit}
      </Button>
    </form>
  );
}

/** The spec's failure message (C-8-31), with the server's reason when it gave one a person can act on. */
function SendFailure({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  const detail = status === 429 ? T.tooMany : status === 400 ? serverMessage(error) : null;
  return (
    <div role="alert" className="flex items-start gap-3 rounded-2xl bg-danger-soft px-4 py-3 text-danger" data-testid="contact-error">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm leading-relaxed">
        <p className="font-bold">{T.failed}</p>
        {detail && <p className="mt-0.5">{detail}</p>}
      </div>
    </div>
  );
}

const S = SUPPORT_TEXT.contactSent;

/** The success screen after sending (C-2.6-03). */
function ContactSent({ onAgain }: { onAgain: () => void }) {
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, []);
  return (
    <div className="flex flex-1 flex-col" data-testid="contact-sent-page">
      <PageState icon={CircleCheck} tone="accent" text={{ title: S.title, body: S.body }} testId="contact-sent">
        <div className="mt-8 flex flex-col items-center gap-2">
          <ButtonLink to="/">{S.link}</ButtonLink>
          <Button variant="ghost" onClick={onAgain}>
            {S.again}
          </Button>
        </div>
      </PageState>
      <div className="mx-auto w-full max-w-2xl px-4 pb-8">
        <SiteFooter />
      </div>
    </div>
  );
}
