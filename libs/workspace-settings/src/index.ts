// Public surface of the workspace-settings library: other projects import only from here.
export * from './scoring/health-score';
export * from './scoring/scoring-weights';
export * from './privacy/zero-sample-mode';
export * from './service/workspace-settings.service';
export * from './workspace-settings.module';
