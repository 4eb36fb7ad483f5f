// The alerting context's tables: notification channels, suite notification settings and links, alert deliveries, incidents.
export { AlertDeliveryEntity, DELIVERY_STATES, type DeliveryState } from './alert-delivery.entity';
export { NotificationChannelEntity } from './notification-channel.entity';
export { IncidentEntity, type IncidentFailureSnapshot } from './incident.entity';
export { SuiteNotificationSettingsEntity } from './suite-notification-settings.entity';
export { SuiteNotificationChannelEntity } from './suite-notification-channel.entity';
export { CheckAlertStateEntity } from './check-alert-state.entity';
