/**
 * The web app runs on Preact (decision 0082): every import of React, React DOM and their JSX
 * runtime, ours and the libraries' (React Router, TanStack Query, react-i18next, …), resolves to
 * preact/compat, in the browser's build, the server rendering's build and the web tests alike,
 * so the markup the server renders is what the browser hydrates. The code is still written and
 * type-checked against React's API (@types/react); preact/compat implements that API.
 */
export const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  // react-i18next's shim for React < 18: preact/compat has useSyncExternalStore itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * The packages that import React, for vitest: it loads packages through Node, which knows no alias,
 * so these go through Vite like our own code (`server.deps.inline`). Not preact itself: one copy.
 */
export const importsReact = /\/node_modules\/(react-|@testing-library\/react|@tanstack\/react-|@hookform\/)/;
