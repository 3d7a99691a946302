import { SUB_PAGES, usePublicConfig } from '@blockpilot/shared';
import { buttonStyles, Button, Dialog } from '@blockpilot/shared/ui';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { T, useT } from '../../i18n';

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

/**
 * How to get BlockPilot's messages in Telegram (docs/PRODUCT.md section 2): get the app, get the auth code
 * from the bot (named by its @handle, with a link to open it), enter it in Notification
 * Preferences. Continue goes there.
 */
export function TelegramHelpDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  // The bot's @handle and link, as the server's bot is named (none while messages are recorded locally).
  const bot = usePublicConfig()?.telegramBot ?? null;
  return (
    <Dialog
      open={open}
      title={t('telegram.title')}
      onClose={onClose}
      actions={
        <Button
          type="button"
          onClick={() => {
            onClose();
            navigate(SUB_PAGES.account.notificationPreferences);
          }}
        >
          {t('telegram.continue')}
        </Button>
      }
    >
      <Steps>
        <li>
          <strong>{t('telegram.app.title')}</strong>
          <p>{t('telegram.app.text')}</p>
          <ExternalButton href="https://telegram.org/apps" target="_blank" rel="noopener noreferrer" $variant="outlined">
            {t('telegram.app.link')}
          </ExternalButton>
        </li>
        <li>
          <strong>{t('telegram.code.title')}</strong>
          {bot ? (
            <>
              <p>
                <T id="telegram.code.withBot" values={{ bot: bot.handle }} components={{ 0: <strong /> }} />
              </p>
              <ExternalButton href={bot.url} target="_blank" rel="noopener noreferrer" $variant="outlined">
                {t('telegram.code.open', { bot: bot.handle })}
              </ExternalButton>
            </>
          ) : (
            <p>{t('telegram.code.noBot')}</p>
          )}
        </li>
        <li>
          <strong>{t('telegram.enter.title')}</strong>
          <p>{t('telegram.enter.text')}</p>
        </li>
      </Steps>
    </Dialog>
  );
}
