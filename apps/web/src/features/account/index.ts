/** The account feature's door (decision 0108): the header's account menu, and the dashboard's side menu and its staff links. */
export { AccountLinks } from './components/AccountLinks';
export { AccountMenu } from './components/AccountMenu';
export { ACCOUNT_NS } from './locales';
export { accountPageLabel, staffLinksFor } from './staffLinks';
