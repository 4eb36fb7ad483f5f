import { ConsumedEventEntity } from './inbox/consumed-event.entity';

export { ConsumedEventEntity } from './inbox/consumed-event.entity';

/** The inbox's table: infrastructure every consumer of events shares. */
export const INBOX_ENTITIES = [ConsumedEventEntity] as const;
