// A helper process for helper-process.test.ts: answers `echo` at once, `hold` once the file `until`
// exists (the test's release), and never answers `spin` (a helper stuck in a loop).
import fs from 'node:fs';
import { helperPort } from './helper-process';

export type FixtureJob = { id: number; kind: 'echo' | 'hold' | 'spin'; value: string; until?: string };
export type FixtureReply = { id: number; result: string };

const port = helperPort<FixtureJob, FixtureReply>('mugen-test-helper');
port.onJob((job) => {
  if (job.kind === 'spin') while (job.kind === 'spin');
  const { until } = job;
  if (job.kind !== 'hold' || !until) return port.reply({ id: job.id, result: job.value });
  const poll = setInterval(() => {
    if (!fs.existsSync(until)) return;
    clearInterval(poll);
    port.reply({ id: job.id, result: job.value });
  }, 5);
});
