import { PLAYER_TEXT } from '@shared/messages/player';
import { describeMediaError } from '@shared/rules/playback-errors';
import type { Track } from '@shared/schemas/track';
import { PageHeader } from '@web/components/layout/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { streamUrl } from '@web/lib/audio/engine';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { useEffect, useState } from 'react';
import { AudioTestSource, type TestSourceOption } from '../components/audio-test-source';
import { toneWav } from '../lib/tone-wav';

/** An address that answers 404, so the element reports error code 4 (source not supported). */
const MISSING_STREAM = '/api/stream/2147483647';

/**
 * /audio-test (listener spec §2): a debug page for audio playback with two test sources, each in its
 * own <audio> element (the radio player is not involved): the first catalogue track's stream and a tone
 * made in the browser, each also offered broken, with the element's states and the spec's messages.
 * The catalogue (tracks feature) comes from the app (app/routes/audio-test.tsx).
 */
export function AudioTestPage({ catalogue }: { catalogue: { data?: Track[]; isPending: boolean } }) {
  useDocumentTitle(PLAYER_TEXT.audioTestPage.documentTitle);
  const first = catalogue.data?.[0];
  const [tone, setTone] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(toneWav());
    setTone(url);
    return () => URL.revokeObjectURL(url);
  }, []);

  const source1: TestSourceOption[] = [
    {
      label: first ? PLAYER_TEXT.audioTestPage.first(first.title) : PLAYER_TEXT.audioTestPage.notFirst,
      src: first ? streamUrl(first.id) : null,
    },
    { label: PLAYER_TEXT.audioTestPage.label, src: MISSING_STREAM },
  ];
  const source2: TestSourceOption[] = [
    { label: PLAYER_TEXT.audioTestPage.label2, src: tone },
    { label: PLAYER_TEXT.audioTestPage.label3, src: 'data:audio/mpeg;base64,AAAAAAAAAAAAAAAA' },
  ];

  return (
    <div className="mx-auto w-full max-w-2xl px-4 pb-10" data-testid="audio-test-page">
      <PageHeader title={PLAYER_TEXT.audioTestPage.documentTitle} backTo="/" backLabel={PLAYER_TEXT.audioTestPage.backLabel} />
      <p className="text-muted text-sm leading-relaxed">{PLAYER_TEXT.audioTestPage.about}</p>
      <div className="mt-4 space-y-4">
        {catalogue.isPending ? <Skeleton className="h-64 rounded-2xl" /> : <AudioTestSource index={1} options={source1} />}
        <AudioTestSource index={2} options={source2} />
      </div>
      <section className="mt-6" aria-labelledby="audio-test-codes">
        <h2 id="audio-test-codes" className="font-bold text-base">
          {PLAYER_TEXT.audioTestPage.heading}
        </h2>
        <ul className="mt-2 space-y-1 text-sm">
          {[4, 3, 2].map((code) => (
            <li key={code} className="flex gap-3">
              <span className="w-14 shrink-0 text-muted tabular-nums">
                {PLAYER_TEXT.audioTestPage.code}
                {code}
              </span>
              <span>{describeMediaError(code).message}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
