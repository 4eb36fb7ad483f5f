import { connect } from 'nats';
import { Streams } from '@dq/contracts';
import { MessagingNamespace } from '@dq/messaging';

/** How many messages the events stream holds on one logical subject in an environment's namespace. */
export async function countStreamMessages(
  environment: { natsUrl: string; namespace: string },
  logicalSubject: string,
): Promise<number> {
  const namespace = new MessagingNamespace(environment.namespace);
  const connection = await connect({ servers: environment.natsUrl });
  try {
    const manager = await connection.jetstreamManager();
    const subject = namespace.subject(logicalSubject);
    const info = await manager.streams.info(namespace.streamName(Streams.Events.name), {
      subjects_filter: subject,
    });
    return info.state.subjects?.[subject] ?? 0;
  } finally {
    await connection.close();
  }
}

/** The payload of the last message stored on a logical subject of the events stream (JSON). */
export async function lastStreamMessage(
  environment: { natsUrl: string; namespace: string },
  logicalSubject: string,
): Promise<Record<string, unknown>> {
  const namespace = new MessagingNamespace(environment.namespace);
  const connection = await connect({ servers: environment.natsUrl });
  try {
    const manager = await connection.jetstreamManager();
    const message = await manager.streams.getMessage(namespace.streamName(Streams.Events.name), {
      last_by_subj: namespace.subject(logicalSubject),
    });
    return message.json<Record<string, unknown>>();
  } finally {
    await connection.close();
  }
}
