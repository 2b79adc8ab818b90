import './site.css';
import { startCarousels } from '../../features/site/carousel-behaviour.ts';
import { startSitePage } from '../../features/site/site-session.ts';
import { startVerifyForms } from '../../features/site/verify-behaviour.ts';

/**
 * The site's small browser entry, loaded by every page (decisions 018, 025): first the address bar
 * loses the app's session params (and a page opened from the app gets its in-app layout), then the
 * home carousel turns, if the page has one, and the certificate check answers, on `/verify`. It also carries the site's stylesheet, which every page
 * links. Pages with a React island load islands.tsx as well. It must share no module with islands.tsx:
 * the build would put a shared module in a chunk next to React's and this entry would import it.
 */
// The address as opened: the session clean-up below rewrites it, and a certificate's link carries its code.
const opened = window.location.search;
startSitePage();
startCarousels();
startVerifyForms(document, opened);
