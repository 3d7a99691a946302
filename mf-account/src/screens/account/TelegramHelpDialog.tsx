import { usePublicConfig } from '@blockpilot/shared';
import { buttonStyles, Button, Dialog } from '@blockpilot/shared/ui';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { NOTIFICATION_PREFERENCES_PATH } from './sections';

const Steps = styled.ol`
  margin: 0;
  padding-left: 1.25rem;
  li + li {
    margin-top: 12px;
  }
  strong {
    display: block;
  }
  p {
    margin: 2px 0 0;
  }
`;

const ExternalButton = styled.a<{ $variant?: 'outlined' }>`
  ${buttonStyles}
  margin-top: 8px;
`;

export const TELEGRAM_HELP_TITLE = 'Connect Telegram';

/**
 * How to get BlockPilot's messages in Telegram (docs/PRODUCT.md section 2): get the app, get the auth code
 * from the bot (named by its @handle, with a link to open it), enter it in Notification
 * Preferences. Continue goes there.
 */
export function TelegramHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  // The bot's @handle and link, as the server's bot is named (none while messages are recorded locally).
  const bot = usePublicConfig()?.telegramBot ?? null;
  return (
    <Dialog
      open={open}
      title={TELEGRAM_HELP_TITLE}
      onClose={onClose}
      actions={
        <Button
          type="button"
          onClick={() => {
            onClose();
            navigate(NOTIFICATION_PREFERENCES_PATH);
          }}
        >
          Continue
        </Button>
      }
    >
      <Steps>
        <li>
          <strong>Get the Telegram app</strong>
          <p>Install it on your phone from the App Store or Google Play, and sign up with your phone number.</p>
          <ExternalButton href="https://telegram.org/apps" target="_blank" rel="noopener noreferrer" $variant="outlined">
            Get Telegram (opens in a new tab)
          </ExternalButton>
        </li>
        <li>
          <strong>Find your auth code with our bot</strong>
          {bot ? (
            <>
              <p>
                In Telegram, open <strong>{bot.handle}</strong> and send /start. It answers with your auth code.
              </p>
              <ExternalButton href={bot.url} target="_blank" rel="noopener noreferrer" $variant="outlined">
                Open {bot.handle} in Telegram
              </ExternalButton>
            </>
          ) : (
            <p>In Telegram, search for the BlockPilot bot, open it and send /start. It answers with your auth code.</p>
          )}
        </li>
        <li>
          <strong>Enter it in Notification Preferences</strong>
          <p>Type the code in the Telegram auth code box and press Save. If the code is refused, send /start again for a new one.</p>
        </li>
      </Steps>
    </Dialog>
  );
}
