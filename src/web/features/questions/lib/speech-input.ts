/**
 * The browser's speech recognition (SpeechRecognition, webkitSpeechRecognition in Chrome and Safari) in
 * Japanese, where it exists: one utterance, its best transcript. Where it does not, the mic is not shown.
 */
interface RecognitionResultEvent {
  results: ArrayLike<ArrayLike<{ transcript: string }>>;
}

interface Recognition {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: RecognitionResultEvent) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}

type RecognitionConstructor = new () => Recognition;

function recognitionClass(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const w = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null;
}

export const canListen = () => recognitionClass() !== null;

/**
 * Listens for one question in ja-JP: `onText` with what is heard so far, `onEnd` when it stops (with an
 * error when nothing could be heard). Answers the function that stops it.
 */
export function listen(handlers: { onText: (text: string) => void; onEnd: (failed: boolean) => void }): () => void {
  const Recognition = recognitionClass();
  if (!Recognition) {
    handlers.onEnd(true);
    return () => {};
  }
  const recognition = new Recognition();
  recognition.lang = 'ja-JP';
  recognition.interimResults = true;
  recognition.maxAlternatives = 1;
  recognition.continuous = false;
  let failed = false;
  recognition.onresult = (event) => {
    handlers.onText(
      Array.from(event.results)
        .map((r) => r[0]?.transcript ?? '')
        .join(''),
    );
  };
  recognition.onerror = (event) => {
    failed = event.error !== 'aborted';
  };
  recognition.onend = () => handlers.onEnd(failed);
  recognition.start();
  return () => recognition.stop();
}
