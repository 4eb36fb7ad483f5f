import {
  AppError,
  type ClassifiedDatasourceError,
  type ConnectionKind,
  type ConnectionTestResult,
  DatasourceErrorClass,
  type DatasourceTestRequest,
  ErrorCode,
} from '@dq/contracts';
import { SecretDecryptionError } from '@dq/security';
import { type CredentialOpener } from '../ports/connection-ports';
import { capabilitiesFromTestDetails } from './connection-capabilities';
import { type ConnectionUseService } from '../service/connection-use.service';
import { connectionSecretAad } from '../service/connections.service';
import { DRAFT_AAD_PREFIX } from './draft-secret-aad';

/** Spec: a connection test is bounded; a datasource that hangs answers `timeout`, not nothing. */
export const CONNECTION_TEST_TIMEOUT_MS = 15_000;

/** What the probe receives: config and the opened credential (runner memory only). */
export interface ProbeTarget {
  id: string | null;
  kind: ConnectionKind;
  config: Record<string, unknown>;
  credential: Record<string, unknown> | null;
}

export type ProbeOutcome =
  { ok: true; details: Record<string, unknown> } | { ok: false; error: ClassifiedDatasourceError };

/** Runs the kind's test against the datasource and classifies any failure (never a driver message). */
export type ConnectionProbe = (
  target: ProbeTarget,
  options: { timeoutMs: number; signal: AbortSignal },
) => Promise<ProbeOutcome>;

const UNOPENABLE: ClassifiedDatasourceError = {
  class: DatasourceErrorClass.Invalid,
  message: 'The credential could not be opened',
};

/**
 * One connection test, as the runner does it: open the credential, probe within the deadline,
 * and, for a saved connection, record the outcome as credential health.
 */
export class ConnectionTestRunner {
  constructor(
    private readonly opener: CredentialOpener,
    private readonly use: ConnectionUseService,
    private readonly probe: ConnectionProbe,
    private readonly timeoutMs = CONNECTION_TEST_TIMEOUT_MS,
  ) {}

  async run(request: DatasourceTestRequest): Promise<ConnectionTestResult> {
    const started = performance.now();
    const target = await this.resolve(request);
    const outcome = 'error' in target ? target : await this.probeWithinDeadline(target);
    if (request.connection_id !== null) {
      await this.use.recordCredentialUse(
        request.connection_id,
        outcome.ok ? 'success' : outcome.error.class,
        outcome.ok ? undefined : outcome.error,
      );
      const capabilities = outcome.ok ? capabilitiesFromTestDetails(outcome.details, new Date()) : null;
      if (capabilities !== null) await this.use.recordCapabilities(request.connection_id, capabilities);
    }
    return {
      ok: outcome.ok,
      error: outcome.ok ? null : { class: outcome.error.class, message: outcome.error.message },
      details: outcome.ok ? outcome.details : {},
      duration_ms: Math.max(0, Math.round(performance.now() - started)),
    };
  }

  /** The saved row (config and ciphertext read here, never taken from the request) or the draft. */
  private async resolve(
    request: DatasourceTestRequest,
  ): Promise<ProbeTarget | { ok: false; error: ClassifiedDatasourceError }> {
    if (request.connection_id !== null) {
      const stored = await this.use.load(request.connection_id);
      const credential = this.open(stored.sealedCredential, connectionSecretAad(stored.id));
      if (credential === undefined) return { ok: false, error: UNOPENABLE };
      return { id: stored.id, kind: stored.kind, config: stored.config, credential };
    }
    // A draft may only carry a draft AAD: a connection's ciphertext cannot be replayed as a draft.
    if (!request.aad.startsWith(DRAFT_AAD_PREFIX)) {
      throw new AppError(ErrorCode.ValidationFailed, 'Request validation failed', {
        fields: [{ field: 'aad', problems: ['a draft credential must be sealed for a draft'] }],
      });
    }
    const credential = this.open(request.sealed_credential, request.aad);
    if (credential === undefined) return { ok: false, error: UNOPENABLE };
    return { id: null, kind: request.kind, config: request.config, credential };
  }

  private open(sealed: string | null, aad: string): Record<string, unknown> | null | undefined {
    if (sealed === null) return null;
    try {
      return this.opener.openJson<Record<string, unknown>>(sealed, aad);
    } catch (error) {
      if (error instanceof SecretDecryptionError) return undefined;
      throw error;
    }
  }

  private async probeWithinDeadline(target: ProbeTarget): Promise<ProbeOutcome> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<ProbeOutcome>((resolve) => {
      timer = setTimeout(() => {
        controller.abort();
        resolve({
          ok: false,
          error: { class: DatasourceErrorClass.Timeout, message: 'The connection test timed out' },
        });
      }, this.timeoutMs);
    });
    try {
      return await Promise.race([
        this.probe(target, { timeoutMs: this.timeoutMs, signal: controller.signal }),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
