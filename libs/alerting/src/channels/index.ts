export * from './channel-secrets';
export * from './channel-validation';
export * from './channel-view';
export * from './channel-use';
export * from './channel-delivery';
export * from './notification-channels.service';
export * from './notification-channels.module';
