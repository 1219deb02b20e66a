import { ADMIN_TEXT } from '@shared/messages/admin';
import { ADMIN_CONTACT_TEXT } from '@shared/messages/admin-contact';
import { CONTACT_SUBJECT_LABELS } from '@shared/rules/support';
import { ListError } from '@web/components/ui/list-state';
import { cn } from '@web/lib/cn';
import { Mail } from 'lucide-react';
import { useState } from 'react';
import { AdminPagination } from '../../components/pagination';
import { SectionHeading } from '../../components/section-heading';
import { useContactMessages } from '../api/contact-messages';

const when = (iso: string) =>
  new Date(iso).toLocaleString('ja-JP', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });

/** The contact form's messages (issue 19: stored first, mailed when SMTP is set up), for the operator to read. */
export function ContactMessages() {
  const [page, setPage] = useState(1);
  const query = useContactMessages(page);
  return (
    <section aria-labelledby="contact-heading" className="space-y-3" data-testid="contact-messages">
      <SectionHeading id="contact-heading" title={ADMIN_CONTACT_TEXT.heading} lead={ADMIN_CONTACT_TEXT.lead} />
      {query.isPending ? (
        <p role="status" className="text-muted text-sm">
          {ADMIN_TEXT.login.checking}
        </p>
      ) : query.isError || !query.data ? (
        <ListError what={ADMIN_CONTACT_TEXT.listName} onRetry={() => void query.refetch()} compact />
      ) : query.data.total === 0 ? (
        <p className="rounded-2xl border border-border border-dashed p-6 text-center text-muted text-sm">{ADMIN_CONTACT_TEXT.empty}</p>
      ) : (
        <>
          <ul className="space-y-3">
            {query.data.messages.map((m) => (
              <li key={m.id} className="rounded-2xl border border-border bg-surface p-4" data-testid="contact-message">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <span className="rounded-full bg-bg px-2.5 py-0.5 font-medium">{CONTACT_SUBJECT_LABELS[m.subject]}</span>
                  <span
                    className={cn(
                      'rounded-full px-2.5 py-0.5 text-xs',
                      m.status === 'sent'
                        ? 'bg-accent-soft text-accent'
                        : m.status === 'failed'
                          ? 'bg-danger-soft text-danger'
                          : 'bg-bg text-muted',
                    )}
                  >
                    {ADMIN_CONTACT_TEXT.status[m.status]}
                  </span>
                  <time dateTime={m.createdAt} className="ml-auto text-muted text-xs tabular-nums">
                    {when(m.createdAt)}
                  </time>
                </div>
                <p className="mt-2 break-words font-medium">
                  {m.name} <span className="font-normal text-muted text-sm">&lt;{m.email}&gt;</span>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-sm leading-relaxed">{m.message}</p>
                <a
                  href={`mailto:${encodeURIComponent(m.email).replace(/%40/g, '@')}`}
                  className="mt-2 inline-flex min-h-10 items-center gap-1.5 text-accent text-sm hover:underline"
                >
                  <Mail aria-hidden="true" className="size-4" />
                  {ADMIN_CONTACT_TEXT.reply}
                </a>
              </li>
            ))}
          </ul>
          <AdminPagination page={page} pageSize={query.data.limit} total={query.data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
