// The front-end areas (micro-frontends, `frontends/<area>`), which the shell loads by route. The
// gateway serves each one's remoteEntry.js and the Dockerfile's bundle copies each one's build.
export const FRONTEND_AREAS = ['landing', 'dashboard', 'priorities', 'profile', 'settings', 'briefing', 'network', 'admin'] as const;

export type FrontendArea = (typeof FRONTEND_AREAS)[number];

/** The root config that loads the areas: built and served beside them, but not an area itself. */
export const FRONTEND_SHELL = 'shell';
