/** What other modules may use of shop (docs/ARCHITECTURE.md: a module's public door): orders keep the consent's versions, seo heads the policy pages. */
export { readConsentVersions, readPolicyPage, readBusiness } from './queries';
