import './site.css';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { Carousel, type CarouselProps } from '../../features/site/carousel.tsx';
import { ContactForm, type ContactFormProps } from '../../features/site/contact-form.tsx';
import type { IslandName } from '../../features/site/island.tsx';

/**
 * Browser entry of the marketing site. Pages arrive pre-rendered (prerender.tsx); only the parts marked
 * `data-island` come alive, with the props the server rendered them with.
 */
const ISLANDS: Record<IslandName, (props: never) => ReactElement> = {
  carousel: (props: CarouselProps) => <Carousel {...props} />,
  'contact-form': (props: ContactFormProps) => <ContactForm {...props} />,
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const render = ISLANDS[element.dataset.island as IslandName] as
    | ((props: unknown) => ReactElement)
    | undefined;
  if (!render) continue;
  hydrateRoot(element, render(JSON.parse(element.dataset.props ?? '{}')));
}
