// The page's light/dark theme: in the core (the federation singleton) so the admin remote's
// header toggles the same one as the shell's nav.
import { create } from 'zustand';

export type Theme = 'light' | 'dark';
export const THEME_KEY = 'theme';

function stored(): Theme | null {
  try {
    const t = localStorage.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : null;
  } catch {
    return null;
  }
}

function system(): Theme {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

function apply(theme: Theme): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.theme = theme;
}

/** Light/dark theme: the stored choice, else the system preference (followed until a choice is made). */
export const useTheme = create<{ theme: Theme; toggle: () => void }>((set, get) => ({
  theme: stored() ?? system(),
  toggle: () => {
    const theme: Theme = get().theme === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(THEME_KEY, theme);
    } catch {
      /* private mode: the choice lasts for this page only */
    }
    apply(theme);
    set({ theme });
  },
}));

apply(useTheme.getState().theme);
if (typeof window !== 'undefined' && window.matchMedia) {
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
    if (!stored()) {
      const theme = system();
      apply(theme);
      useTheme.setState({ theme });
    }
  });
}
