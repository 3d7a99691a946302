import { useId, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ChevronDownIcon } from './icons';
import { tint } from './styles';

const Section = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
`;

const Heading = styled.h3`
  margin: 0;
  font-size: 1rem;
`;

/** The header row: a button (Collapsible) or a `<summary>` (Disclosure); `$open` turns the chevron. */
const headerStyles = css`
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget + 8}px;
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 8px;
  border: 0;
  background: transparent;
  color: ${({ theme }) => theme.palette.text};
  font: 600 1rem/1.4 ${({ theme }) => theme.font.family};
  text-align: left;
  cursor: pointer;
  &:hover {
    background: ${({ theme }) => tint(theme.palette.primary, 5)};
  }
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.palette.text};
    outline-offset: -3px;
  }
  svg {
    flex: none;
    margin-left: auto;
    color: ${({ theme }) => theme.palette.primary};
    transition: transform 0.2s;
  }
  @media (prefers-reduced-motion: reduce) {
    svg {
      transition: none;
    }
  }
`;

const HeaderButton = styled.button`
  ${headerStyles}
  &[aria-expanded='true'] svg {
    transform: rotate(180deg);
  }
`;

const Summary = styled.span`
  font-weight: 400;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

const Content = styled.div`
  padding: 0 8px 16px;
`;

export interface CollapsibleProps {
  /** The header text; it is the button that opens and closes the section. */
  title: ReactNode;
  children: ReactNode;
  /** Open on first render (uncontrolled). */
  defaultOpen?: boolean;
  /** Open state when the parent controls it (e.g. from the route); pair with `onOpenChange`. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Short text at the right of the header, e.g. a balance. */
  summary?: ReactNode;
  /** Heading level of the header, to fit the page's outline (default 3). */
  headingLevel?: 2 | 3 | 4;
  id?: string;
  className?: string;
}

/**
 * A section whose header button shows and hides its content (`aria-expanded`, `aria-controls`).
 * The content stays mounted while closed, so a form inside keeps what was typed.
 */
export function Collapsible({ title, children, defaultOpen = false, open: openProp, onOpenChange, summary, headingLevel = 3, id, className }: CollapsibleProps) {
  const [openState, setOpenState] = useState(defaultOpen);
  const open = openProp ?? openState;
  const generatedId = useId();
  const base = id ?? `collapsible${generatedId.replace(/:/g, '')}`;
  const toggle = () => {
    setOpenState(!open);
    onOpenChange?.(!open);
  };
  return (
    <Section className={className} id={id}>
      <Heading as={`h${headingLevel}`}>
        <HeaderButton type="button" id={`${base}-header`} aria-expanded={open} aria-controls={`${base}-content`} onClick={toggle}>
          <span>{title}</span>
          {summary && <Summary>{summary}</Summary>}
          <ChevronDownIcon />
        </HeaderButton>
      </Heading>
      <Content id={`${base}-content`} hidden={!open}>
        {children}
      </Content>
    </Section>
  );
}

const DisclosureSection = styled(Section).attrs({ as: 'details' })`
  &[open] > summary svg {
    transform: rotate(180deg);
  }
`;

const DisclosureHeader = styled.summary`
  ${headerStyles}
  list-style: none;
  &::-webkit-details-marker {
    display: none;
  }
`;

export interface DisclosureProps {
  /** The question or header text; clicking it opens and closes the content. */
  title: ReactNode;
  children: ReactNode;
  /**
   * Required and stable across renders: a page the server prerendered keeps, when the live page
   * takes it over, the items the visitor opened in the static copy (matched by this id).
   */
  id: string;
}

/**
 * A Collapsible made of `<details>`/`<summary>`: it opens and closes without any script, so it
 * works on a prerendered page before the app has booted (the landing page's Q&A list).
 */
export function Disclosure({ title, children, id }: DisclosureProps) {
  // Read while rendering, before this commit replaces the static copy that carries the same id.
  const [openBeforeTakeOver] = useState(() => typeof document !== 'undefined' && (document.getElementById(id) as HTMLDetailsElement | null)?.open === true);
  return (
    <DisclosureSection id={id} open={openBeforeTakeOver}>
      <DisclosureHeader>
        <span>{title}</span>
        <ChevronDownIcon />
      </DisclosureHeader>
      <Content>{children}</Content>
    </DisclosureSection>
  );
}
