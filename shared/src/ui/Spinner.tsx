import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  display: inline-block;
  width: 28px;
  height: 28px;
  border: 3px solid ${({ theme }) => theme.palette.divider};
  border-top-color: ${({ theme }) => theme.palette.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) {
    animation-duration: 2.4s;
  }
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 16px;
  color: ${({ theme }) => theme.palette.textMuted};
`;

/** A spinner with a label that screen readers announce. */
export function Spinner({ label }: { label: string }) {
  return (
    <Row role="status" aria-live="polite">
      <Ring aria-hidden="true" />
      <span>{label}</span>
    </Row>
  );
}
