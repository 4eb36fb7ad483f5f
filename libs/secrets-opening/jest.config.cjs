module.exports = require('../../jest.preset.cjs').makeJestConfig('libs/secrets-opening');
