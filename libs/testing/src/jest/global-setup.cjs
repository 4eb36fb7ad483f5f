// Jest global setup for the integration and e2e tiers (see jest.preset.cjs): fails fast when the
// local services do not answer, and prepares the migrated template database once.
// load-harness.cjs requires tools/register.cjs first, so the TypeScript harness loads directly.
const { prepareTestInfrastructure } = require('./load-harness.cjs');

module.exports = async function globalSetup() {
  await prepareTestInfrastructure();
};
