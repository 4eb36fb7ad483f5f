// The baseline worker of bench/runs-throughput.ts: a bare BullMQ worker whose processor does
// nothing, in a process of its own, as a runner is. Prints "ready" once it takes jobs.
//   node -r ./tools/register.cjs bench/runs-throughput-noop-worker.ts <queue> <prefix> <concurrency>
import { Worker } from 'bullmq';

const [queue, prefix, concurrency] = process.argv.slice(2);
const worker = new Worker(queue ?? 'noop', async () => undefined, {
  connection: {
    host: '127.0.0.1',
    port: Number(process.env['REDIS_PORT'] ?? '6379'),
    maxRetriesPerRequest: null,
  },
  prefix: prefix ?? 'bull',
  concurrency: Number(concurrency ?? '1'),
});
void worker.waitUntilReady().then(() => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  void worker.close().then(() => process.exit(0));
});
