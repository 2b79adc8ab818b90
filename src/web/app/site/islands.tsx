import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { ContactForm, type ContactFormProps } from '../../features/site/contact-form.tsx';
import type { IslandName } from '../../features/site/island.tsx';

/**
 * Browser entry of the site pages that need React (the contact form on /About). Pages arrive
 * pre-rendered (prerender.tsx); only the parts marked `data-island` come alive, with the props the
 * server rendered them with. The stylesheet comes from enhance.ts's build, linked by every page.
 */
const ISLANDS: Record<IslandName, (props: never) => ReactElement> = {
  'contact-form': (props: ContactFormProps) => <ContactForm {...props} />,
};

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const render = ISLANDS[element.dataset.island as IslandName] as
    | ((props: unknown) => ReactElement)
    | undefined;
  if (!render) continue;
  hydrateRoot(element, render(JSON.parse(element.dataset.props ?? '{}')));
}
