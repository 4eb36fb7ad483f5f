// Incidents: the lifecycle (the one owner of transitions), reads with the evidence card.
export * from './incident-transitions';
export * from './incident-lifecycle';
export * from './incident-reads';
export * from './incidents.module';
