import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tint } from './styles';
import { toneColor } from './tone';
import type { Tone } from './types';

const Box = styled.div<{ $tone: Tone }>`
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radius}px;
  border-left: 4px solid ${({ theme, $tone }) => toneColor(theme, $tone)};
  background: ${({ theme, $tone }) => tint(toneColor(theme, $tone), 10)};
  color: ${({ theme }) => theme.palette.text};
  p {
    margin: 0;
  }
  p + p {
    margin-top: 6px;
  }
`;

const Title = styled.p`
  font-weight: 600;
`;

export interface NoticeProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}

/**
 * An inline message in the page: a result ("Check your inbox"), an empty or unavailable state.
 * Errors are `role="alert"`, everything else `role="status"`, so both are announced.
 */
export function Notice({ tone = 'primary', title, children, className }: NoticeProps) {
  return (
    <Box $tone={tone} role={tone === 'error' ? 'alert' : 'status'} className={className}>
      {title && <Title>{title}</Title>}
      {typeof children === 'string' ? <p>{children}</p> : children}
    </Box>
  );
}
