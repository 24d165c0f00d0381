// react-i18next imports `use-sync-external-store/shim`, a copy of the hook for React < 18. React 19
// has it: the build points that import here (vite.config.ts), so the shim's code never ships.
export { useSyncExternalStore } from 'react';
