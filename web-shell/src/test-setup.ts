import { afterEach } from 'vitest';

// The one setup of the web test projects (web-shell, web-player, web-admin: their vitest.config.ts).

afterEach(() => {
  localStorage.clear();
});

// jsdom has no matchMedia; the shell core and some components ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
