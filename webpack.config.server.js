const path = require('node:path');
const { reactRouterProduction } = require('./webpack.shared');

/** Packages bundled rather than required at run time. */
const BUNDLED = /^react-router(-dom)?(\/|$)/;

/**
 * The server build: Node bundles of src/server/main.ts and of the feed import's command and worker
 * thread (the worker role runs the import for the feeds that are due, with no devDependency);
 * packages stay in node_modules.
 */
module.exports = (_env, argv = {}) => ({
  name: 'server',
  mode: argv.mode === 'development' ? 'development' : 'production',
  target: 'node20',
  entry: {
    server: './src/server/main.ts',
    import: './src/services/feeds/importCommand.ts',
    feedWorker: './src/services/feeds/feedWorker.ts',
    walCopier: './src/services/feeds/walCopier.ts',
  },
  output: { path: path.resolve(__dirname, 'dist/server'), filename: '[name].js', clean: true },
  // react-router's package exports name only its development build (remix-run/react-router#12532,
  // #14102): it is bundled here from its production files, not required from node_modules.
  resolve: { extensions: ['.tsx', '.ts', '.js'], alias: reactRouterProduction },
  externalsPresets: { node: true },
  externals: [
    ({ request }, callback) =>
      request && !request.startsWith('.') && !path.isAbsolute(request) && !BUNDLED.test(request)
        ? callback(null, `commonjs ${request}`)
        : callback(),
  ],
  module: {
    rules: [
      {
        test: /\.[jt]sx?$/,
        exclude: /node_modules/,
        use: { loader: 'babel-loader', options: { cacheDirectory: true } },
      },
    ],
  },
  node: { __dirname: false, __filename: false },
  optimization: { minimize: false },
  devtool: 'source-map',
  performance: { hints: false },
});
