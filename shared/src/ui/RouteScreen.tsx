import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PageContainer, Paper } from './layout';

const Title = styled.h1`
  margin: 0 0 8px;
  font-size: 1.5rem;
  font-weight: 600;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.875rem;
`;

/**
 * A screen's frame: its title, and which route and remote rendered it (data attributes let
 * browser tests prove a route's content came from the right remote).
 */
export function RouteScreen({ title, route, remote, children }: { title: string; route: string; remote: string; children?: ReactNode }) {
  return (
    <PageContainer data-route={route} data-remote={remote}>
      <Paper>
        <Title>{title}</Title>
        <Meta>
          Route <code>{route}</code> · from <code>{remote}</code>
        </Meta>
        {children}
      </Paper>
    </PageContainer>
  );
}
