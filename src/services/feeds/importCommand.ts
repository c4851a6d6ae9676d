import { runImportCommand } from './cli';

/**
 * The built import command's entry (`dist/server/import.js`, webpack's server config): it runs as soon
 * as it is loaded, by whatever path (a symlinked release, no `.js`), where the source's
 * `require.main === module` is false under webpack.
 */
runImportCommand(process.argv.slice(2));
