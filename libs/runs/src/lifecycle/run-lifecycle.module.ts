import { Module } from '@nestjs/common';
import { RunDispatchService } from '../dispatch/run-dispatch.service';
import { RunCompletionPublisher } from '../execution/run-completion.publisher';
import { RunLifecycle } from './run-lifecycle';

const LIFECYCLE_PROVIDERS = [RunLifecycle, RunDispatchService, RunCompletionPublisher] as const;

/**
 * A run's status and what it moves with it (the job queue, the completion event): what every app
 * that triggers, cancels, runs or sweeps runs needs. Needs the global DataSource and messaging.
 */
@Module({ providers: [...LIFECYCLE_PROVIDERS], exports: [...LIFECYCLE_PROVIDERS] })
export class RunLifecycleModule {}
