const path = require('node:path');

/**
 * react-router 7's package exports resolve to its development build in every
 * environment (remix-run/react-router#12532, #14102): dev warnings and checks
 * in production. Both builds alias its entry points to the production files.
 */
const dist = path.join(path.dirname(require.resolve('react-router/package.json')), 'dist', 'production');
const reactRouterProduction = {
  'react-router$': path.join(dist, 'index.mjs'),
  'react-router/dom$': path.join(dist, 'dom-export.mjs'),
};

module.exports = { reactRouterProduction };
