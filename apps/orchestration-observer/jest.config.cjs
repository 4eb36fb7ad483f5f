module.exports = require('../../jest.preset.cjs').makeJestConfig('apps/orchestration-observer');
