import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { Broadcasts } from '@dq/contracts';
import { type BroadcastSubscription, ProgressBroadcaster } from '@dq/messaging';

/**
 * One subscription per runner process to the gateway's cancel broadcasts of every run, handing
 * each cancel to the watch of that run if this runner works on it. A subscription per run would
 * cost two messages to NATS (subscribe, unsubscribe) for every run, and each one a socket write.
 * NATS keeps the subscription across reconnects; when it could not be made (NATS away at the
 * first run), the next run tries again, and the watch's poll of the run row covers the gap.
 */
@Injectable()
export class RunCancelListener implements OnModuleDestroy {
  private subscription?: BroadcastSubscription;
  private readonly onCancel = new Map<string, Set<() => void>>();

  constructor(private readonly broadcaster: ProgressBroadcaster) {}

  /** Calls `onCancel` when a cancel of the run is broadcast; throws when NATS cannot be asked. */
  listen(runId: string, onCancel: () => void): () => void {
    this.subscribeOnce();
    let callbacks = this.onCancel.get(runId);
    if (!callbacks) {
      callbacks = new Set();
      this.onCancel.set(runId, callbacks);
    }
    callbacks.add(onCancel);
    return () => {
      callbacks.delete(onCancel);
      if (callbacks.size === 0 && this.onCancel.get(runId) === callbacks) this.onCancel.delete(runId);
    };
  }

  onModuleDestroy(): void {
    this.subscription?.unsubscribe();
    this.subscription = undefined;
  }

  private subscribeOnce(): void {
    if (this.subscription) return;
    const everyRun = Broadcasts.runCancel('*');
    this.subscription = this.broadcaster.subscribe(everyRun, (event) => {
      for (const callback of this.onCancel.get(event.run_id) ?? []) callback();
    });
  }
}
