import type { ReactNode } from 'react';

/** Parts of a page that hydrate with React. The carousel is not one: it runs on plain DOM code. */
export type IslandName = 'contact-form';

interface IslandProps<P> {
  name: IslandName;
  /** Exactly the props the island is rendered with here: the browser hydrates it with the same ones. */
  props: P;
  children: ReactNode;
}

/**
 * Marks a part of a pre-rendered page that the browser hydrates (src/web/app/site/islands.tsx). The
 * wrapper holds nothing but the island, so the island's markup is what `hydrateRoot` expects to find.
 */
export function Island<P>({ name, props, children }: IslandProps<P>) {
  return (
    <div className="island" data-island={name} data-props={JSON.stringify(props)}>
      {children}
    </div>
  );
}
