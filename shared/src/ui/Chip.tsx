import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tint } from './styles';
import { toneColor } from './tone';
import type { Tone } from './types';

const Root = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  padding: 4px 14px;
  border-radius: 16px;
  background: ${({ theme }) => tint(theme.palette.primary, 10)};
  color: ${({ theme }) => theme.palette.text};
  font-size: 0.875rem;
  font-weight: 500;
  /* Short labels stay on one line; a longer one wraps inside its container instead of widening a phone's page. */
  max-width: 100%;
`;

const Dot = styled.span<{ $tone: Tone }>`
  flex: none;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: ${({ theme, $tone }) => toneColor(theme, $tone)};
`;

export interface ChipProps {
  children: ReactNode;
  /** A coloured dot before the text (the text must say the same: the dot is decoration). */
  dot?: Tone;
  className?: string;
}

/** A small rounded label: a credit balance, "System Started" with a green dot. */
export function Chip({ children, dot, className }: ChipProps) {
  return (
    <Root className={className} data-chip="">
      {dot && <Dot $tone={dot} aria-hidden="true" data-dot={dot} />}
      {children}
    </Root>
  );
}
