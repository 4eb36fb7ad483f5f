module.exports = require('../../jest.preset.cjs').makeJestConfig('apps/platform-e2e');
