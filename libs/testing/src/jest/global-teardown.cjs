// Jest global teardown for the integration and e2e tiers: drops `dqt_` databases older than an
// hour that crashed runs left behind. It never touches any other database.
const { sweepTestInfrastructure } = require('./load-harness.cjs');

module.exports = async function globalTeardown() {
  await sweepTestInfrastructure();
};
