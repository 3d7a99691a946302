import type { DefaultTheme } from 'styled-components';
import type { Tone } from './types';

/** The palette colour of a tone. */
export function toneColor(theme: DefaultTheme, tone: Tone): string {
  return tone === 'neutral' ? theme.palette.textMuted : theme.palette[tone];
}
