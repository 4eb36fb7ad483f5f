import { Jobs, ServiceName } from '@dq/contracts';
import { WorkerHost } from '../queues/worker-host';
import { openMessaging } from './messaging-test-context';

/*
 * Child process for the SIGKILL test: runs a worker whose handler reports the job to the parent
 * over IPC and then never finishes, so the parent can kill this process mid-job.
 * Run from the repository root: node -r ./tools/register.cjs <this file> <namespace> <lockDurationMs>
 */
async function main(): Promise<void> {
  const [namespace, lockDurationMs] = process.argv.slice(2);
  if (!namespace || !lockDurationMs || !process.send)
    throw new Error('usage: <namespace> <lockDurationMs>, forked with IPC');
  const app = await openMessaging(namespace, ServiceName.Runner, 'doomed');
  await app.get(WorkerHost).start(
    Jobs.ExecuteRun,
    async (payload, job) => {
      process.send?.({ started: job.jobId, run_id: payload.run_id });
      await new Promise<never>(() => undefined);
    },
    { concurrency: 1, lockDurationMs: Number(lockDurationMs), stalledIntervalMs: Number(lockDurationMs) },
  );
  process.send({ ready: true });
}

main().catch((err: unknown) => {
  process.send?.({ error: String(err) });
  process.exit(1);
});
