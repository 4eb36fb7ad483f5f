import { type TransferTally } from '@dq/datasources';
import { counter } from '@dq/platform';

/** Bytes fetched from remote stores (file, object and Iceberg stores) by check runs, by connection kind. */
export const remoteReadBytes = counter<'kind'>({
  name: 'dq_datasource_read_bytes_total',
  help: 'Bytes fetched from file, object and Iceberg stores by check runs, by connection kind',
  labelNames: ['kind'],
});

/** Requests made to remote stores (listings, stats, ranged and whole reads) by check runs, by connection kind. */
export const remoteReadRequests = counter<'kind'>({
  name: 'dq_datasource_read_requests_total',
  help: 'Requests made to file, object and Iceberg stores by check runs, by connection kind',
  labelNames: ['kind'],
});

/** Adds one target's reads to the process's counters (nothing for a kind that does not count them). */
export function countTargetReads(kind: string, transfer: TransferTally): void {
  if (transfer.requests === 0) return;
  remoteReadBytes.inc({ kind }, transfer.bytes);
  remoteReadRequests.inc({ kind }, transfer.requests);
}

/**
 * What a check result records of its target's reads: the bytes fetched and requests made for the
 * target in this run up to the result (the run's last result of the target holds the total), and
 * the statements run again over a CSV once it had arrived (docs/decisions/0055), when any were.
 * Nothing for a kind that does not count them (SQL datasources).
 */
export function targetReadsDetail(transfer: TransferTally): Record<string, unknown> {
  if (transfer.requests === 0) return {};
  const reads = { bytes_fetched: transfer.bytes, requests: transfer.requests };
  return { target_reads: transfer.reruns ? { ...reads, statement_reruns: transfer.reruns } : reads };
}
