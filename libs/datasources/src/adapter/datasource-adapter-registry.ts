import { Injectable } from '@nestjs/common';
import { type ConnectionKind, DatasourceErrorClass } from '@dq/contracts';
import { type DatasourceAdapter, DatasourceError } from './datasource-adapter';

/** The adapters this runner has, one per connection kind. */
@Injectable()
export class DatasourceAdapterRegistry {
  private readonly adapters = new Map<ConnectionKind, DatasourceAdapter>();

  register(adapter: DatasourceAdapter): void {
    if (this.adapters.has(adapter.kind))
      throw new Error(`an adapter for ${adapter.kind} is already registered`);
    this.adapters.set(adapter.kind, adapter);
  }

  /** The adapter for `kind`, or a classified `invalid` failure when this runner has none. */
  get(kind: ConnectionKind): DatasourceAdapter {
    const adapter = this.adapters.get(kind);
    if (!adapter)
      throw new DatasourceError(DatasourceErrorClass.Invalid, `No datasource adapter for kind ${kind}`);
    return adapter;
  }

  kinds(): ConnectionKind[] {
    return [...this.adapters.keys()];
  }
}
