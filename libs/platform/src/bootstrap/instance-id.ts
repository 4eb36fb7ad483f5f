import { randomUUID } from 'node:crypto';

const INSTANCE_ID = randomUUID();

/** Identifies this process among the replicas of a service; stable for the life of the process. */
export function instanceId(): string {
  return INSTANCE_ID;
}
