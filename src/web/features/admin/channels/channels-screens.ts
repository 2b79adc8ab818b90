/**
 * The channels' four screens as the router loads them: one lazy module, so that what they share (the
 * requests, the copy, the template rules, the funnel) loads with them. Loaded as four modules, that shared
 * code would join the back office's common chunk (vite.config.ts, chunk groups) and every back-office
 * screen would carry it.
 */
export { ChannelsPage } from './channels-page.tsx';
export { MarketFunnelPage } from './market-funnel-page.tsx';
export { NewTemplatePage, TemplatePage } from './template-page.tsx';
