/**
 * A short sine tone as a WAV file (8-bit mono PCM), made in the browser: the audio test's second
 * source, which needs no network and no file in the repository.
 */
export function toneWav({ seconds = 3, frequency = 440, sampleRate = 8000 } = {}): Blob {
  const samples = Math.round(seconds * sampleRate);
  const buffer = new ArrayBuffer(44 + samples);
  const view = new DataView(buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(at + i, s.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate, true); // bytes per second
  view.setUint16(32, 1, true); // block align
  view.setUint16(34, 8, true); // bits per sample
  text(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i++) {
    // Quiet (a quarter of full scale), with 20 ms fades so it does not click.
    const fade = Math.min(1, i / (sampleRate * 0.02), (samples - i) / (sampleRate * 0.02));
    view.setUint8(44 + i, 128 + Math.round(32 * fade * Math.sin((2 * Math.PI * frequency * i) / sampleRate)));
  }
  return new Blob([buffer], { type: 'audio/wav' });
}
