import styled from 'styled-components';
import { MAIN_CONTENT_ID } from '../constants';

/** A white card. */
export const Paper = styled.section`
  background: ${({ theme }) => theme.palette.paper};
  border-radius: ${({ theme }) => theme.radius * 1.5}px;
  box-shadow: ${({ theme }) => theme.shadow};
  padding: 24px 20px;
`;

/**
 * The page body under the fixed bar, as wide as the large breakpoint at most. It is where the
 * shell's skip link leads (the page's one `main`), so it takes focus from that link.
 */
export const PageContainer = styled.main.attrs({ id: MAIN_CONTENT_ID, tabIndex: -1 })`
  &:focus {
    outline: none;
  }
  max-width: ${({ theme }) => theme.containerMaxWidth}px;
  margin: 0 auto;
  padding: 16px;
  box-sizing: border-box;
  width: 100%;
`;

/**
 * A form laid out as one column of fields. Browser validation bubbles are off: the server's
 * per-field messages (and the kit's message lines) are the one way errors show.
 */
export const Form = styled.form.attrs({ noValidate: true })`
  display: flex;
  flex-direction: column;
  gap: 10px;
`;

/** A row of buttons under a form; they stack on narrow screens. */
export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px;
  margin-top: 8px;
`;
