const path = require('node:path');
const { InjectManifest } = require('workbox-webpack-plugin');
const { WebpackManifestPlugin } = require('webpack-manifest-plugin');
const CompressionPlugin = require('compression-webpack-plugin');
const zlib = require('node:zlib');
const { reactRouterProduction } = require('./webpack.shared');

/**
 * The browser build: hashed, minified, split into framework, vendor and app chunks, with each page, load saga,
 * banner and dialog in a chunk of its own (docs/decisions/061-code-splitting.md); the service worker beside it.
 */
module.exports = (_env, argv = {}) => {
  const production = argv.mode !== 'development';
  return {
    name: 'client',
    mode: production ? 'production' : 'development',
    target: ['web', 'es2017'],
    entry: { main: './src/client/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/client'),
      filename: 'assets/[name].[contenthash:10].js',
      chunkFilename: 'assets/[name].[contenthash:10].js',
      publicPath: '/',
      // Spec §9: a chunk not loaded after 120 s fails with "Loading chunk N failed." (CHUNK_LOAD_TIMEOUT_MS).
      chunkLoadTimeout: 120_000,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        // react-router's package exports name only its development build (remix-run/react-router#12532,
        // #14102): point at the production one, which has no dev warnings and checks.
        ...reactRouterProduction,
        // Pages carry their messages pre-parsed (src/shared/i18n/compiledMessages.ts): no parser in the browser.
        // The ES module build: its CommonJS twin requires all of tslib (~3 KB gzip), this one imports two helpers.
        '@formatjs/icu-messageformat-parser$': require.resolve('@formatjs/icu-messageformat-parser/lib/no-parser.js'),
        // createIntl with only the formatters the pages use (src/client/intlCore.ts); react-intl's imports go there too.
        '@formatjs/intl$': path.resolve(__dirname, 'src/client/intlCore.ts'),
        // Every browser Trawl supports has fetch; the polyfill stays on the server side of isomorphic-fetch.
        'isomorphic-fetch$': false,
      },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: { loader: 'babel-loader', options: { cacheDirectory: true } },
        },
        {
          // Pure helpers that only react-intl's injectIntl (unused here) calls; without this flag the
          // package's import keeps them, and react-is, in every page (~0.9 KB gzip).
          test: /[\\/]node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/,
          sideEffects: false,
        },
      ],
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    optimization: {
      splitChunks: {
        chunks: 'all',
        cacheGroups: {
          // No chunk of code shared between pages: each page's chunk carries what it uses, so a page
          // loads no module it does not run (a shared chunk made the results page load the error page's).
          default: false,
          framework: {
            test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|redux|redux-saga|@redux-saga|react-router|react-router-dom|use-sync-external-store)[\\/]/,
            name: 'framework',
            priority: 20,
          },
        },
      },
    },
    performance: { hints: false },
    plugins: [
      // The files of each entry and of each named chunk (webpackChunkName): the server sends a page's
      // chunks with it (src/server/clientAssets.ts), so they are loaded before hydration.
      new WebpackManifestPlugin({
        fileName: 'entrypoints.json',
        generate: (_seed, files, entrypoints) => {
          const groups = Object.fromEntries(
            Object.entries(entrypoints).map(([name, list]) => [name, list.map((f) => `/${f.replace(/^\//, '')}`)]),
          );
          for (const file of files) {
            if (!file.chunk || !file.path.endsWith('.js')) continue;
            for (const group of file.chunk.groupsIterable) {
              if (!group.name || group.isInitial()) continue;
              const list = (groups[group.name] ??= []);
              const url = `/${file.path.replace(/^\//, '')}`;
              if (!list.includes(url)) list.push(url);
            }
          }
          return groups;
        },
      }),
      // Brotli and gzip copies of every script at their highest levels, made once here: the
      // server sends them as they are (express-static-gzip), never compressing per request.
      ...(production
        ? [
            new CompressionPlugin({
              test: /\.js$/,
              algorithm: 'gzip',
              filename: '[path][base].gz',
              compressionOptions: { level: 9 },
              threshold: 0,
              minRatio: 1,
            }),
            new CompressionPlugin({
              test: /\.js$/,
              algorithm: 'brotliCompress',
              filename: '[path][base].br',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 0,
              minRatio: 1,
            }),
          ]
        : []),
      new InjectManifest({
        swSrc: './src/client/sw.ts',
        swDest: 'sw.js',
        include: [/^assets\/.*\.js$/],
        exclude: [/\.map$/],
      }),
    ],
  };
};
