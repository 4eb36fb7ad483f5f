import { Requests, ServicePingReply } from '@dq/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MESSAGING_OPTIONS, type MessagingModuleOptions } from '../messaging.options';
import { RpcServer } from './rpc-server';

/** Answers `Requests.ServicePing` for this process's service; the module starts it at init. */
@Injectable()
export class ServicePingResponder implements OnModuleInit {
  constructor(
    private readonly server: RpcServer,
    @Inject(MESSAGING_OPTIONS) private readonly options: MessagingModuleOptions,
  ) {}

  onModuleInit(): void {
    this.server.handle(Requests.ServicePing, this.options.serviceName, async () => this.reply());
  }

  reply(): ServicePingReply {
    return {
      service: this.options.serviceName,
      instance_id: this.options.instanceId,
      at: new Date().toISOString(),
    };
  }
}
