/* eslint-disable @typescript-eslint/no-require-imports -- eslint-plugin-import loads resolvers with require(), so this one is CommonJS */
// ESLint import resolver for the web app's `@/` alias (apps/web/src), so the
// layout rules in eslint.config.js also see imports written with it.
const path = require('node:path');
const node = require('eslint-import-resolver-node');

const webSrc = path.join(__dirname, '..', 'apps', 'web', 'src');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) =>
  source.startsWith('@/') ? node.resolve(path.join(webSrc, source.slice(2)), file, config) : { found: false };
