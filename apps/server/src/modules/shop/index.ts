/** What other modules may use of shop (docs/ARCHITECTURE.md: a module's public door): orders keep the consent's versions, seo heads the policy pages; a module's section of the owner's settings (decision 0083). */
export { readConsentVersions, readPolicyPage, readBusiness } from './queries';
export { settingsSection, SETTINGS_ID, type SettingsSection } from './settings';
