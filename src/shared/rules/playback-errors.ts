/**
 * Audio failures (listener spec §8): loading error codes 4 (unsupported format), 3 (possibly corrupted),
 * 2 (network problem); autoplay blocked and unsupported format are the named playback start errors.
 * `log` is for the console, `message` is what the listener reads.
 */
export interface PlaybackProblem {
  log: string;
  message: string | null;
  /** The source cannot be played as it is: the player is not ready until another load. */
  notReady: boolean;
}

export function describeMediaError(code: number | null | undefined): PlaybackProblem {
  switch (code) {
    case 4:
      return { log: 'media error 4: unsupported audio format or source', message: 'この音声は再生できない形式です', notReady: true };
    case 3:
      return {
        log: 'media error 3: decode failed, the file is possibly corrupted',
        message: '音声ファイルが破損している可能性があります',
        notReady: true,
      };
    case 2:
      return {
        log: 'media error 2: network problem while loading',
        message: 'ネットワークの問題で音声を読み込めませんでした',
        notReady: true,
      };
    case 1:
      // Loading was aborted (usually by selecting another track): nothing for the listener to read.
      return { log: 'media error 1: loading aborted', message: null, notReady: false };
    default:
      return { log: `media error ${code ?? 'unknown'}`, message: '音声を再生できませんでした', notReady: true };
  }
}

/** Why play() was refused; null when it was only interrupted by a new load (not a failure). */
export function describePlayRejection(name: string | undefined): PlaybackProblem | null {
  switch (name) {
    case 'AbortError':
      return null;
    case 'NotAllowedError':
      return { log: 'play() refused: autoplay blocked by the browser', message: '再生ボタンを押して再生してください', notReady: false };
    case 'NotSupportedError':
      return { log: 'play() refused: audio format unsupported', message: 'この音声は再生できない形式です', notReady: true };
    default:
      return { log: `play() failed: ${name ?? 'unknown error'}`, message: '音声を再生できませんでした', notReady: false };
  }
}
