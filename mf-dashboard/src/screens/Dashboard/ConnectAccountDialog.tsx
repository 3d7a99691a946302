/**
 * Shown over the dashboard while no delivery account is connected (SPEC.md section 2). It is
 * blocking: no close button, no Escape, no backdrop tap; the only way on is Continue.
 */
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useNavigate } from 'react-router-dom';

export function ConnectAccountDialog({ open }: { open: boolean }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open={open}
      blocking
      title="Connect Account"
      actions={
        <Button type="button" onClick={() => navigate('/connectAccount')}>
          Continue
        </Button>
      }
    >
      <p>Connect your Amazon Flex account so BlockPilot can search for blocks and accept the ones that match your filter.</p>
      <p>You sign in on Amazon&apos;s own page: BlockPilot never sees your password.</p>
    </Dialog>
  );
}
