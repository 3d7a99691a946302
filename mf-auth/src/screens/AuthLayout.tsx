import { Page, Paper } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Links = styled.div`
  margin-top: 20px;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 4px;
  text-align: center;
  a {
    display: inline-flex;
    align-items: center;
    min-height: ${({ theme }) => theme.touchTarget}px;
    padding: 0 8px;
    font-weight: 500;
  }
`;

/** The frame of every auth screen: a narrow page, the form in a card, links to the other screens under it. */
export function AuthLayout({ title, intro, route, links, children }: { title: string; intro?: ReactNode; route: string; links?: ReactNode; children: ReactNode }) {
  return (
    <Page title={title} intro={intro} width="narrow" route={route} remote="mf_auth">
      <Paper>{children}</Paper>
      {links && <Links>{links}</Links>}
    </Page>
  );
}
