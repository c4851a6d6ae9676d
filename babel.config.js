/** One Babel configuration for the client and server webpack builds. */
module.exports = (api) => {
  const isServer = api.caller((caller) => Boolean(caller && caller.target === 'node'));
  return {
    presets: [
      [
        '@babel/preset-env',
        isServer
          ? { targets: { node: '20' }, modules: false }
          : { targets: 'defaults and supports es6-module', bugfixes: true, modules: false },
      ],
      ['@babel/preset-react', { runtime: 'automatic' }],
      ['@babel/preset-typescript', { allowDeclareFields: true, onlyRemoveTypeImports: true }],
    ],
  };
};
