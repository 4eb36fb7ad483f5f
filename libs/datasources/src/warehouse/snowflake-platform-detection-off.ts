/*
 * Imported before snowflake-sdk, and only for this side effect: the connector's own switch that stops
 * it probing the cloud metadata endpoints and AWS STS on load, requests the egress guard would never
 * see (docs/decisions/0024). The SDK reads it once, at load; the spec beside this file checks it does.
 */
process.env['SNOWFLAKE_DISABLE_PLATFORM_DETECTION'] = 'true';
