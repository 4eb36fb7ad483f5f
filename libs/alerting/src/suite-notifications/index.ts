export * from './suite-notifications.read';
export * from './suite-notifications.service';
export * from './suite-notifications.module';
