import { Global, Module } from '@nestjs/common';
import { ShutdownCoordinator } from './shutdown-coordinator';

/** One ShutdownCoordinator per app, injectable everywhere (workers register their drain hooks). */
@Global()
@Module({ providers: [ShutdownCoordinator], exports: [ShutdownCoordinator] })
export class LifecycleModule {}
