/**
 * This feature's door (decision 0108): what another feature or the app may import from it, and nothing else.
 * Nothing yet: its page is loaded by the router (app/router.tsx) in a chunk of its own.
 */
export {};
