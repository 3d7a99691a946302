import styled, { css } from 'styled-components';

/** A large-touch-target button: `contained` (primary action) or `outlined`. */
export const Button = styled.button<{ $variant?: 'contained' | 'outlined' | 'text' }>`
  min-height: ${({ theme }) => theme.touchTarget}px;
  padding: 0 20px;
  border-radius: ${({ theme }) => theme.radius}px;
  font: 600 15px ${({ theme }) => theme.font.family};
  letter-spacing: 0.02em;
  cursor: pointer;
  border: 2px solid ${({ theme }) => theme.palette.primary};
  ${({ theme, $variant = 'contained' }) =>
    $variant === 'contained'
      ? css`
          background: ${theme.palette.primary};
          color: ${theme.palette.primaryContrast};
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
