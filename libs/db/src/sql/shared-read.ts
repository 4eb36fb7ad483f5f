/**
 * Callers asking for the same key while its read is in flight share that read ("single flight"):
 * what each gets is as fresh as a read it would have started itself, at most one round trip
 * earlier, and nothing is kept once the read returns. Under load many runs of one suite open the
 * same connection row at once; they then cost one statement, not one each.
 */
export class SharedRead<K, V> {
  private readonly inFlight = new Map<K, Promise<V>>();

  constructor(private readonly read: (key: K) => Promise<V>) {}

  get(key: K): Promise<V> {
    const running = this.inFlight.get(key);
    if (running) return running;
    const started = this.read(key).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, started);
    return started;
  }
}
