// The alerting context's tables: notification channels, suite notification settings and links, alert deliveries, incidents.
export { NotificationChannelEntity } from './notification-channel.entity';
