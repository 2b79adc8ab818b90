/** What other features may use of the site (decision 055): the company details the support pages show. */
export type { SiteService } from './site.service.ts';
