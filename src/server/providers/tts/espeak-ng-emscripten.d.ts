// The package ships no types; this covers the part of its Emscripten/WebIDL binding we call.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id?: number | string;
  }

  export interface ESpeakNGWorker {
    readonly samplerate: number;
    rate: number;
    pitch: number;
    volume: number;
    range: number;
    /** Returns 0 on success (espeak_ERROR code otherwise). */
    set_voice(name: string): number;
    /** The callback returns true to abort; samples are a copy taken from the WASM heap. */
    synthesize(text: string, callback: (samples: Int16Array | null, events: EspeakEvent[]) => boolean): void;
    synthesize_ipa(text: string): { code: number; ipa: string };
    list_voices(): { name: string; identifier: string; languages: { priority: number; name: string }[] }[];
    __destroy__(): void;
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker;
  }

  const createModule: (moduleArg?: Record<string, unknown>) => Promise<ESpeakNGModule>;
  export default createModule;
}
