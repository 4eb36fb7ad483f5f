// Public surface of the alerting library: notification channels, alert rules and delivery, incidents.
export * from './channels';
export * from './delivery';
export * from './incidents';
export * from './rules';
export * from './suite-notifications';
