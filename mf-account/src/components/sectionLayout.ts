/** Layout pieces every account section shares. */
import { Form } from '@blockpilot/shared/ui';
import styled from 'styled-components';

/** A paragraph of a section. */
export const SectionText = styled.p`
  margin: 0 0 12px;
`;

/** A form inside a section: one column, kept to a readable width on wide screens. */
export const SectionForm = styled(Form)`
  max-width: 520px;
`;

/** A heading of a part inside a section (This device, News and offers). */
export const SectionSubheading = styled.h3`
  margin: 24px 0 8px;
  font-size: 1.05rem;
`;
