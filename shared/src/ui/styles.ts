/**
 * Style fragments every kit component shares, so focus rings, control boxes and tints look the
 * same everywhere and come from theme tokens only.
 */
import { css } from 'styled-components';

/** A translucent shade of a theme colour (hover, selection, backdrop) without adding tokens. */
export const tint = (color: string, percent: number) => `color-mix(in srgb, ${color} ${percent}%, transparent)`;

/** The keyboard focus ring (dark on every background, so it stays visible on primary buttons). */
export const focusRing = css`
  outline: 3px solid ${({ theme }) => theme.palette.text};
  outline-offset: 2px;
`;

/** Hidden on screen, still read by screen readers. */
export const visuallyHidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
`;

/**
 * The box of a text input, text area or select: a full touch target high, 16 px text (smaller
 * text makes phones zoom in on focus), a red border when `aria-invalid`, a tinted background
 * when read-only (locked) and faded when disabled.
 */
export const controlBox = css`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 14px;
  border: 1px solid ${({ theme }) => theme.palette.textMuted};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.palette.paper};
  color: ${({ theme }) => theme.palette.text};
  font: 400 16px/1.4 ${({ theme }) => theme.font.family};
  /* Focus (e.g. moved to a field the server rejected) must not hide it under the fixed bar. */
  scroll-margin-top: ${({ theme }) => theme.navHeight + 16}px;
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.palette.primary};
    box-shadow: 0 0 0 2px ${({ theme }) => tint(theme.palette.primary, 35)};
  }
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.palette.error};
  }
  &[readonly] {
    background: ${({ theme }) => tint(theme.palette.textMuted, 10)};
    border-style: dashed;
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;
