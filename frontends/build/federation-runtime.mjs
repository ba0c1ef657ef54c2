// One copy of the Module Federation runtime per page. Without this, every remoteEntry.js carried
// its own runtime (~60 KB of a remote's 91 KB), and the shell's main.js held it twice (the ESM
// build and, through the runtime plugin that provides it to the remotes, the CommonJS build).

/**
 * Federation options: the shell (the one consumer that exposes nothing) provides the runtime on
 * a global, and each remote's container uses it instead of bundling its own. The runtime's
 * snapshot and preload-assets plugins serve remotes described by an mf-manifest.json; ours are
 * remoteEntry.js URLs (/mf/remotes.json), so the shell leaves them out.
 */
export function federationRuntimeExperiments(isHost) {
  return isHost ? { provideExternalRuntime: true, optimization: { disableSnapshot: true } } : { externalRuntime: true };
}

/**
 * A module rule: `require()` calls inside the federation packages resolve to their ESM builds,
 * the same files their `import`s reach, so the runtime is bundled once. (Their package exports
 * list "import" before "require", so with both conditions the ESM file wins.)
 */
export const federationRuntimeOnceRule = {
  test: /[\\/]node_modules[\\/]@module-federation[\\/]/,
  resolve: { conditionNames: ['import', 'require', 'module', 'webpack', 'browser', 'production', 'default'] },
};
