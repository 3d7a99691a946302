/**
 * The driver's own choice of promotional e-mails (docs/OPERATIONS.md "Promotions"): a switch that
 * saves at once, the same setting the e-mailed opt-out link turns off and the console shows. While
 * it saves the switch holds still; a failure puts it back and says why.
 */
import { api, useSession } from '@blockpilot/shared';
import { Notice, Switch } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { SectionSubheading } from '../../components/sectionLayout';
import { useT } from '../../i18n';

type Saving = { kind: 'idle' | 'saving' | 'saved' } | { kind: 'failed'; message: string };

export function PromotionalEmails({ enabled }: { enabled: boolean }) {
  const t = useT();
  const { refresh } = useSession();
  const [wanted, setWanted] = useState(enabled);
  const [saving, setSaving] = useState<Saving>({ kind: 'idle' });

  const save = async (next: boolean) => {
    setWanted(next);
    setSaving({ kind: 'saving' });
    try {
      await api.user.savePromotionalEmails(next);
      setSaving({ kind: 'saved' });
      await refresh();
    } catch (error) {
      setWanted(!next);
      setSaving({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <section aria-labelledby="promotional-emails">
      <SectionSubheading id="promotional-emails">{t('promotions.title')}</SectionSubheading>
      <Switch
        label={t('promotions.switch')}
        helperText={t('promotions.help')}
        checked={wanted}
        disabled={saving.kind === 'saving'}
        aria-busy={saving.kind === 'saving' || undefined}
        onChange={(event) => void save(event.target.checked)}
      />
      {saving.kind === 'saved' && <p role="status">{t(wanted ? 'promotions.savedOn' : 'promotions.savedOff')}</p>}
      {saving.kind === 'failed' && (
        <Notice tone="error" title={t('promotions.failed')}>
          {saving.message}
        </Notice>
      )}
    </section>
  );
}
