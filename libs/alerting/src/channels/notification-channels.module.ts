import { type DynamicModule, Module } from '@nestjs/common';
import { CHANNEL_EGRESS_GUARD, CHANNEL_SEALER, type ChannelSealer } from './channel-secrets';
import { type ChannelUrlGuard, NotificationChannelsService } from './notification-channels.service';

export interface NotificationChannelsModuleOptions {
  /** Seals with the alerting service's public keys (see `alertingSealer`). */
  sealer: ChannelSealer;
  /** The app's egress guard: a webhook URL is checked at save (and by the sender before each send). */
  egress: ChannelUrlGuard;
}

/** Notification channels as the gateways serve them. Needs the app's global DataSource and AuditLog. */
@Module({})
export class NotificationChannelsModule {
  static forRoot(options: NotificationChannelsModuleOptions): DynamicModule {
    return {
      module: NotificationChannelsModule,
      providers: [
        { provide: CHANNEL_SEALER, useValue: options.sealer },
        { provide: CHANNEL_EGRESS_GUARD, useValue: options.egress },
        NotificationChannelsService,
      ],
      exports: [NotificationChannelsService],
    };
  }
}

function refuseWrite(): never {
  throw new Error('this gateway does not write notification channels');
}

/** The ports of a gateway that only reads channels (the MCP gateway): any write path fails loudly. */
export const readOnlyChannelPorts: NotificationChannelsModuleOptions = {
  sealer: { seal: refuseWrite },
  egress: { assertUrlAllowed: refuseWrite },
};
