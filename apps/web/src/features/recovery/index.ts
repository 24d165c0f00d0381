/**
 * This feature's door (decision 0108): what another feature or the app may import from it, and nothing else.
 * Nothing yet: its page (a recovery SMS's link, issue 45) is loaded by the router in a chunk of its own.
 */
export {};
