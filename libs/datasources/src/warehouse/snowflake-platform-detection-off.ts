/*
 * Imported before snowflake-sdk, and only for this side effect. On load, the connector probes the
 * cloud metadata endpoints (169.254.169.254, metadata.google.internal) and calls AWS STS with the
 * process's ambient AWS credentials, to report the platform in its login telemetry. The runner
 * must make no such requests: they bypass the egress guard and touch the runner's own identity.
 */
process.env['SNOWFLAKE_DISABLE_PLATFORM_DETECTION'] = 'true';
