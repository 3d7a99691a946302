import { api, TRIAL_DAYS, useSession } from '@blockpilot/shared';
import { Button } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import { logFailure } from '../../logFailure';

/**
 * The free-trial offer, shown only while the account is trialEligible (docs/PRODUCT.md section 4). Start
 * Trial starts it and reloads the account, which hides this banner and shows the trial's end
 * under Credit. A failure is only logged (section 8) and the button comes back.
 */
export function TrialBanner() {
  const t = useT();
  const { refresh } = useSession();
  const [starting, setStarting] = useState(false);

  const startTrial = async () => {
    setStarting(true);
    try {
      await api.user.startTrial();
      await refresh();
    } catch (error) {
      logFailure('starting the trial', error);
    } finally {
      setStarting(false);
    }
  };

  return (
    <>
      <SectionText>{t('trial.text', { days: TRIAL_DAYS })}</SectionText>
      <Button type="button" disabled={starting} aria-busy={starting || undefined} onClick={() => void startTrial()}>
        {starting ? t('trial.starting') : t('trial.start')}
      </Button>
    </>
  );
}
