import styled, { css } from 'styled-components';

export type ButtonVariant = 'contained' | 'outlined' | 'text';

/** The look of every button and button-like link; `$block` makes it full width. */
export const buttonStyles = css<{ $variant?: ButtonVariant; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 20px;
  border-radius: ${({ theme }) => theme.radius}px;
  font: 600 15px ${({ theme }) => theme.font.family};
  letter-spacing: 0.02em;
  text-align: center;
  text-decoration: none;
  cursor: pointer;
  border: 2px solid ${({ theme }) => theme.palette.primary};
  ${({ $block }) => ($block ? 'width: 100%;' : '')}
  ${({ theme, $variant = 'contained' }) =>
    $variant === 'contained'
      ? css`
          background: ${theme.palette.primary};
          color: ${theme.palette.primaryContrast};
          &:hover:not(:disabled) {
            background: ${theme.palette.primaryDark};
            border-color: ${theme.palette.primaryDark};
          }
        `
      : css`
          background: transparent;
          color: ${theme.palette.primary};
          border-color: ${$variant === 'text' ? 'transparent' : theme.palette.primary};
        `}
  &:disabled {
    opacity: 0.5;
    cursor: not-allowed;
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: 2px;
  }
`;

/** A large-touch-target button: `contained` (primary action), `outlined` or `text`. */
export const Button = styled.button<{ $variant?: ButtonVariant; $block?: boolean }>`
  ${buttonStyles}
`;
