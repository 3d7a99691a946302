import { useEffect, type ReactNode } from 'react';
import styled from 'styled-components';
import { PageContainer } from './layout';

const WIDTHS = { narrow: 480, regular: 760, wide: undefined } as const;

const Container = styled(PageContainer)<{ $maxWidth?: number }>`
  ${({ $maxWidth }) => ($maxWidth ? `max-width: ${$maxWidth}px;` : '')}
  padding-top: 24px;
  padding-bottom: 32px;
`;

const Title = styled.h1`
  margin: 0 0 8px;
  font-size: 1.625rem;
  line-height: 1.25;
  font-weight: 600;
  /* A title can be a long e-mail address (a driver's page in the console): it breaks, never widens the page. */
  overflow-wrap: anywhere;
`;

const Intro = styled.p`
  margin: 0 0 20px;
  color: ${({ theme }) => theme.palette.textMuted};
`;

export interface PageProps {
  /** The page's one h1, also the browser tab's title. */
  title: string;
  /** A sentence under the title. */
  intro?: ReactNode;
  /** `narrow` for short forms, `regular` for reading, `wide` for dashboards. */
  width?: keyof typeof WIDTHS;
  /** The route pattern and the remote that rendered it, as data attributes browser tests can check. */
  route?: string;
  remote?: string;
  children?: ReactNode;
}

/** A screen's frame: page container, title and intro; sets the document title. */
export function Page({ title, intro, width = 'regular', route, remote, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · BlockPilot`;
  }, [title]);
  return (
    <Container $maxWidth={WIDTHS[width]} data-route={route} data-remote={remote}>
      <Title>{title}</Title>
      {intro && <Intro>{intro}</Intro>}
      {children}
    </Container>
  );
}
