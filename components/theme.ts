import type { Settings } from '../lib/settings/schema';

export type Theme = 'light' | 'dark';

/** The theme to draw in: the user's choice, or the system's for "auto" (and before the settings are read). */
export const themeOf = (setting: Settings['theme'] | undefined): Theme =>
  setting === 'light' || setting === 'dark' ? setting : matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
