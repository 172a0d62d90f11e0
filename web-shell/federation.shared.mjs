// The modules that must exist exactly once in the page. The shell provides them; the remotes
// declare them with `import: false`, so they never ship (or run) a copy of their own.
export const CORE_SHARE_KEY = '@bet/web-shell/core';

export function sharedModules({ provide }) {
  const lib = (requiredVersion) =>
    provide
      ? { singleton: true, requiredVersion }
      : { singleton: true, requiredVersion, import: false };
  return {
    react: lib('^19.0.0'),
    'react/jsx-runtime': lib('^19.0.0'),
    'react-dom': lib('^19.0.0'),
    'react-router': lib('^7.0.0'),
    'react-router-dom': lib('^7.0.0'),
    zustand: lib('^5.0.0'),
    [CORE_SHARE_KEY]: provide
      ? { singleton: true, version: '0.1.0', requiredVersion: '^0.1.0' }
      : { singleton: true, requiredVersion: '^0.1.0', import: false },
  };
}
