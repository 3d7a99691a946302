import styled from 'styled-components';

/** A white card. */
export const Paper = styled.section`
  background: ${({ theme }) => theme.palette.paper};
  border-radius: ${({ theme }) => theme.radius * 1.5}px;
  box-shadow: ${({ theme }) => theme.shadow};
  padding: 24px 20px;
`;

/** The page body under the fixed bar, as wide as the large breakpoint at most. */
export const PageContainer = styled.main`
  max-width: ${({ theme }) => theme.containerMaxWidth}px;
  margin: 0 auto;
  padding: 16px;
  box-sizing: border-box;
  width: 100%;
`;
