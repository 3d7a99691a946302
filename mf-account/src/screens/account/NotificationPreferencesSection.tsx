import {
  api,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  useForm,
  useSession,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationEventChoices,
  type NotificationPreferences,
} from '@blockpilot/shared';
import { Actions, Button, Checkbox, Chip, FormFeedback, Notice, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { SectionForm, SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import { PromotionalEmails } from './PromotionalEmails';
import { TelegramHelpDialog } from './TelegramHelpDialog';
import { ThisDevice } from './ThisDevice';

/** Telegram's state and the way to its help, just above its code box. */
const TelegramRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  margin-bottom: 8px;
`;

const HelpButton = styled(Button)`
  padding: 0 8px;
`;

const ChannelGroup = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.palette.divider};
  border-radius: 8px;
  margin: 0 0 12px;
  padding: 4px 12px 8px;
  legend {
    padding: 0 4px;
    font-weight: 600;
  }
`;

const TestResult = styled.p`
  margin: 4px 0 0;
`;

/** How each channel and event is named on the screen (keys of this remote's catalog). */
const CHANNEL_LABELS = {
  email: { legend: 'notifications.channel.email', test: 'notifications.test.email' },
  whatsapp: { legend: 'notifications.channel.whatsapp', test: 'notifications.test.whatsapp' },
  telegram: { legend: 'notifications.channel.telegram', test: 'notifications.test.telegram' },
  push: { legend: 'notifications.channel.push', test: 'notifications.test.push' },
} as const satisfies Record<NotificationChannel, { legend: string; test: string }>;

const EVENT_LABELS = {
  accepted: 'notifications.event.accepted',
  lowCredit: 'notifications.event.lowCredit',
  captcha: 'notifications.event.captcha',
  stopped: 'notifications.event.stopped',
  offered: 'notifications.event.offered',
} as const satisfies Record<NotificationEvent, string>;

const everyEvent = (): NotificationEventChoices => ({
  email: [...NOTIFICATION_EVENTS],
  whatsapp: [...NOTIFICATION_EVENTS],
  telegram: [...NOTIFICATION_EVENTS],
  push: [...NOTIFICATION_EVENTS],
});

/** One channel's events and its "Send a test" button, which tries the channel as saved. */
function ChannelChoices({ channel, chosen, onChange }: { channel: NotificationChannel; chosen: NotificationEvent[]; onChange(events: NotificationEvent[]): void }) {
  const t = useT();
  const [test, setTest] = useState<{ pending: boolean; result: string | null; failed: boolean }>({ pending: false, result: null, failed: false });
  const labels = CHANNEL_LABELS[channel];
  const sendTest = () => {
    setTest({ pending: true, result: null, failed: false });
    api.user.sendTestNotification(channel).then(
      () => setTest({ pending: false, result: t('notifications.testSent'), failed: false }),
      (error: unknown) => setTest({ pending: false, result: error instanceof Error ? error.message : t('notifications.testFailed'), failed: true }),
    );
  };
  return (
    <ChannelGroup>
      <legend>{t(labels.legend)}</legend>
      {NOTIFICATION_EVENTS.map((event) => (
        <Checkbox
          key={event}
          label={t(EVENT_LABELS[event])}
          checked={chosen.includes(event)}
          onChange={(e) =>
            onChange(e.target.checked ? NOTIFICATION_EVENTS.filter((other) => other === event || chosen.includes(other)) : chosen.filter((other) => other !== event))
          }
        />
      ))}
      <Button type="button" $variant="outlined" aria-label={t(labels.test)} disabled={test.pending} onClick={sendTest}>
        {test.pending ? t('notifications.sending') : t('notifications.sendTest')}
      </Button>
      {test.result && <TestResult role={test.failed ? 'alert' : 'status'}>{test.result}</TestResult>}
    </ChannelGroup>
  );
}

/**
 * Where notifications go: an e-mail address, a WhatsApp number and a Telegram auth code (docs/PRODUCT.md
 * section 3). The server validates; its message for each field shows under that field,
 * telegramAuthCode included (section 5). After saving, the account is reloaded so "Telegram
 * connected" follows the server. Per channel the driver picks the events that notify there, saved
 * with the rest; "Send a test" tries a channel as saved; push comes to the devices switched on
 * under "This device" (docs/LIVE.md "Push notifications"); last, whether promotional e-mails come.
 */
export function NotificationPreferencesSection({ preferences, promotionalEmails }: { preferences: NotificationPreferences; promotionalEmails: boolean }) {
  const t = useT();
  const { refresh } = useSession();
  const [helpOpen, setHelpOpen] = useState(false);
  const [events, setEvents] = useState<NotificationEventChoices>(() => preferences.events ?? everyEvent());
  const form = useForm({
    initialValues: {
      emailAddress: preferences.emailAddress ?? '',
      whatsAppNumber: preferences.whatsAppNumber ?? '',
      telegramAuthCode: preferences.telegramAuthCode ?? '',
    },
    onSubmit: async (values) => {
      await api.user.saveNotificationPreferences({ ...values, events });
      await refresh();
    },
  });

  return (
    <>
      <SectionText>{t('notifications.intro')}</SectionText>
      <SectionForm onSubmit={form.handleSubmit} aria-label={t('notifications.form')}>
        <TextField label={t('notifications.email')} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" {...form.field('emailAddress')} />
        <TextField
          label={t('notifications.whatsApp')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          helperText={t('notifications.whatsAppHelp')}
          {...form.field('whatsAppNumber')}
        />
        <TelegramRow>
          {preferences.telegramConnected ? <Chip dot="success">{t('notifications.telegramConnected')}</Chip> : <Chip dot="neutral">{t('notifications.telegramNotConnected')}</Chip>}
          <HelpButton type="button" $variant="text" aria-haspopup="dialog" onClick={() => setHelpOpen(true)}>
            {t('notifications.telegramHelp')}
          </HelpButton>
        </TelegramRow>
        <TextField
          label={t('notifications.telegramCode')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          helperText={t('notifications.telegramCodeHelp')}
          {...form.field('telegramAuthCode')}
        />
        <SectionText>{t('notifications.eventsIntro')}</SectionText>
        {NOTIFICATION_CHANNELS.map((channel) => (
          <ChannelChoices key={channel} channel={channel} chosen={events[channel]} onChange={(chosen) => setEvents({ ...events, [channel]: chosen })} />
        ))}
        <FormFeedback form={form} />
        {form.succeeded && <Notice tone="success">{t('notifications.saved')}</Notice>}
        <Actions>
          <SubmitButton pending={form.pending} pendingLabel={t('common.saving')}>
            {t('notifications.save')}
          </SubmitButton>
        </Actions>
      </SectionForm>
      <ThisDevice />
      <PromotionalEmails enabled={promotionalEmails} />
      <TelegramHelpDialog open={helpOpen} onClose={() => setHelpOpen(false)} />
    </>
  );
}
