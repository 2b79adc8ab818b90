import './site.css';
import { startCarousels } from '../../features/site/carousel-behaviour.ts';

/**
 * The site's small browser entry, for pages whose only behaviour is plain DOM code (the home
 * carousel). It also carries the site's stylesheet, which every page links. Pages with a React island
 * load islands.tsx instead (decision 018): the home page never downloads React.
 */
startCarousels();
