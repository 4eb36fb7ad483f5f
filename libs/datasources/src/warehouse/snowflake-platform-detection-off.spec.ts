// The switch must be set before the connector loads, as snowflake-session.ts imports it.
import './snowflake-platform-detection-off';
import { getDetectedPlatforms } from 'snowflake-sdk/dist/lib/telemetry/platform_detection';

describe('snowflake-platform-detection-off', () => {
  it('the connector reads the switch and probes nothing (a failure here means snowflake-sdk changed)', async () => {
    await expect(getDetectedPlatforms()).resolves.toEqual(['disabled']);
  });
});
