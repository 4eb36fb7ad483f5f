import { hostname } from 'node:os';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { AuditModule } from '@dq/audit';
import { RunSweepsModule } from '@dq/runs';
import { parsePublicKeys } from '@dq/security';
import { DAILY_SWEEPS, SWEEP_PROCESS } from './daily-sweep';
import { DailySweeps } from './daily-sweeps.service';
import { OrphanAssetsSweep } from './orphan-assets.sweep';
import { OrphanSecretsSweep, SWEEP_KEY_IDS } from './orphan-secrets.sweep';
import { SAMPLE_RETENTION_DAYS, SampleRetentionSweep } from './sample-retention.sweep';
import { SecretSweepService } from './secret-sweep.service';
import { StaleOtpChallengesSweep } from './stale-otp.sweep';
import { SweepReports } from './sweep-reports.service';

/** What both sweep modules need: who runs them and the public key ring the secret sweep checks. */
export interface SweepProcessOptions {
  /** The service name recorded as who ran a sweep. */
  service: string;
  /**
   * `SECRETS_PUBLIC_KEYS` and `SECRETS_ACTIVE_KEY_ID`: public keys only (docs/decisions/0014).
   * Without them the orphan-secret sweep records `skipped` (reason `no_key_ring`).
   */
  publicKeys?: string;
  activeKeyId?: string;
}

export interface DailySweepsOptions extends SweepProcessOptions {
  /** `SAMPLE_RETENTION_DAYS`. */
  sampleRetentionDays: number;
  /** The assets context's `ORPHAN_ASSET_RETIREMENT` provider; without it the asset sweep is skipped. */
  orphanAssetRetirement?: Provider;
}

function processProviders(options: SweepProcessOptions): Provider[] {
  return [
    { provide: SWEEP_PROCESS, useValue: `${options.service}@${hostname()}:${process.pid}` },
    // Parsed when the module is built, not when it is described, so a bad ring refuses boot.
    {
      provide: SWEEP_KEY_IDS,
      useFactory: (): string[] | null =>
        options.publicKeys === undefined
          ? null
          : Object.keys(parsePublicKeys(options.publicKeys, options.activeKeyId ?? '').keys),
    },
    SweepReports,
    OrphanSecretsSweep,
  ];
}

/**
 * The scheduler's daily sweeps: sample retention, stale sign-in challenges, orphan assets and the
 * orphan-secret report, each at most once per UTC day across replicas. Needs the app's global
 * DataSource.
 */
@Module({})
export class DailySweepsModule {
  static forRoot(options: DailySweepsOptions): DynamicModule {
    return {
      module: DailySweepsModule,
      imports: [RunSweepsModule],
      providers: [
        ...processProviders(options),
        { provide: SAMPLE_RETENTION_DAYS, useValue: options.sampleRetentionDays },
        ...(options.orphanAssetRetirement ? [options.orphanAssetRetirement] : []),
        SampleRetentionSweep,
        StaleOtpChallengesSweep,
        OrphanAssetsSweep,
        {
          provide: DAILY_SWEEPS,
          inject: [SampleRetentionSweep, StaleOtpChallengesSweep, OrphanAssetsSweep, OrphanSecretsSweep],
          useFactory: (...sweeps: unknown[]) => sweeps,
        },
        DailySweeps,
      ],
      exports: [DailySweeps, SweepReports],
    };
  }
}

/**
 * The orphan-secret sweep on demand and its last report, for the gateways (REST and MCP). Global,
 * like the workspace settings, so the MCP tool groups can inject it. Needs the app's DataSource.
 */
@Module({})
export class SecretSweepModule {
  static forRoot(options: SweepProcessOptions): DynamicModule {
    return {
      module: SecretSweepModule,
      global: true,
      imports: [AuditModule],
      providers: [...processProviders(options), SecretSweepService],
      exports: [SecretSweepService],
    };
  }
}
