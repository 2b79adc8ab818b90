import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handTitleToScreens } from './page-title.ts';

const titles = () => [...document.head.querySelectorAll(':scope > title')].map((t) => t.textContent);

describe('handTitleToScreens', () => {
  beforeEach(() => {
    const own = document.createElement('title');
    own.textContent = 'Instant loan';
    document.head.append(own);
  });
  afterEach(() => {
    // The screen first (React removes the title it put there), then whatever is left.
    cleanup();
    for (const t of document.head.querySelectorAll('title')) t.remove();
  });

  it('keeps the page’s own title until a screen’s arrives, then only the screen’s', async () => {
    handTitleToScreens();
    await Promise.resolve();
    expect(titles()).toEqual(['Instant loan']);
    // Where React 19 puts a screen's title: in the head, before the page's own.
    const screens = document.createElement('title');
    screens.textContent = 'My complaints';
    document.head.prepend(screens);
    await waitFor(() => expect(titles()).toEqual(['My complaints']));
    expect(document.title).toBe('My complaints');
  });

  it('leaves one title in the head when a React screen renders its own', async () => {
    handTitleToScreens();
    render(
      <main>
        <title>Complaint details</title>
      </main>,
    );
    await waitFor(() => expect(titles()).toEqual(['Complaint details']));
    expect(document.querySelector('main title')).toBeNull();
  });
});
