/**
 * Shown over the dashboard while no delivery account is connected (docs/PRODUCT.md section 2). It is
 * blocking: no close button, no Escape, no backdrop tap; the way on is Continue. It holds the
 * keyboard, so it also offers what the navigation bar under it would: Help and Logout.
 */
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

const Elsewhere = styled.p`
  display: flex;
  gap: 16px;
  font-size: 0.875rem;
`;

export function ConnectAccountDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      blocking
      title="Connect Account"
      initialFocus={continueRef}
      actions={
        <Button ref={continueRef} type="button" onClick={() => navigate('/connectAccount')}>
          Continue
        </Button>
      }
    >
      <p>Connect your Amazon Flex account so BlockPilot can search for blocks and accept the ones that match your filter.</p>
      <p>You sign in on Amazon&apos;s own page: BlockPilot never sees your password.</p>
      <Elsewhere>
        <Link to="/help">Help</Link>
        <Link to="/logout">Logout</Link>
      </Elsewhere>
    </Dialog>
  );
}
