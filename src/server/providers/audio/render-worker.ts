// Worker-thread side of render-pool.ts. Keeps its own eSpeak instance and kuromoji dictionary.
import { parentPort } from 'node:worker_threads';
import { espeakProvider } from '../tts/espeak';
import { renderSpeechToMp3 } from './render';

export interface RenderJob {
  id: number;
  text: string;
  speakingRate?: number;
  voice?: string;
}

export type RenderReply = { id: number; mp3: Uint8Array; duration: number } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('render-worker.ts must run in a worker thread');

// The first job should not also pay for loading the dictionary and the voice data; a failure here
// shows up again, with its cause, in that job's reply.
espeakProvider()
  .warmUp()
  .catch(() => {});

// One job at a time: the eSpeak instance is shared and the thread has one core's worth of work.
let queue: Promise<void> = Promise.resolve();

port.on('message', (job: RenderJob) => {
  queue = queue.then(async () => {
    let reply: RenderReply;
    try {
      const { mp3, duration } = await renderSpeechToMp3(job.text, { speakingRate: job.speakingRate, voice: job.voice });
      reply = { id: job.id, mp3, duration };
    } catch (err) {
      reply = { id: job.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
    }
    port.postMessage(reply);
  });
});
