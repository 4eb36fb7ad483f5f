module.exports = require('../../jest.preset.cjs').makeJestConfig('libs/alerting');
