module.exports = require('../../jest.preset.cjs').makeJestConfig('apps/web-ui');
