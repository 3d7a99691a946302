/**
 * The work limits' form (docs/PRODUCT.md "Work limits"), a chunk of its own with its words
 * (src/i18n.ts, definePageCatalog): the panel (screens/Dashboard/WorkLimitsPanel.tsx) sits under the
 * filters, below the first screen, and loads it as it nears the viewport.
 */
import { api, useForm, type AwayRange, type WorkLimits } from '@blockpilot/shared';
import { Actions, Button, FieldErrors, FormFeedback, SubmitButton, TextField } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { formatDay } from '../../format';
import { useT } from './i18n';
import { limitsOf, validateWorkLimits, valuesOf, withRange } from './workLimitsForm';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: 12px;
  margin-bottom: 12px;
`;

const Ranges = styled.ul`
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    padding: 4px 0;
  }
`;

/** A calendar day (YYYY-MM-DD) as the app writes days, read at local noon so no zone moves it. */
const dayLabel = (day: string) => formatDay(new Date(`${day}T12:00:00`));

export default function WorkLimitsForm({ limits }: { limits: WorkLimits }) {
  const t = useT();
  const [awayDates, setAwayDates] = useState<AwayRange[]>(limits.awayDates);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [rangeError, setRangeError] = useState<string | undefined>();
  const form = useForm({
    initialValues: valuesOf(limits),
    validate: (values) => validateWorkLimits(t, values),
    onSubmit: async (values) => {
      const saved = await api.user.saveWorkLimits(limitsOf(values, awayDates));
      setAwayDates(saved.awayDates);
    },
  });
  const addRange = () => {
    const next = withRange(awayDates, from, to);
    if (next === null) return setRangeError(t('limits.error.range'));
    setRangeError(undefined);
    setAwayDates(next);
    setFrom('');
    setTo('');
  };
  const { awayDates: awayError, ...otherErrors } = form.otherErrors;
  return (
    <form onSubmit={form.handleSubmit} aria-label={t('limits.title')} noValidate>
      <h3>{t('limits.away')}</h3>
      {awayDates.length === 0 ? (
        <p>{t('limits.noAway')}</p>
      ) : (
        <Ranges aria-label={t('limits.away')}>
          {awayDates.map((range) => {
            const label = range.from === range.to ? dayLabel(range.from) : t('limits.range', { from: dayLabel(range.from), to: dayLabel(range.to) });
            return (
              <li key={`${range.from}/${range.to}`}>
                <span>{label}</span>
                <Button type="button" $variant="text" aria-label={t('limits.removeLabel', { range: label })} onClick={() => setAwayDates(awayDates.filter((r) => r !== range))}>
                  {t('limits.remove')}
                </Button>
              </li>
            );
          })}
        </Ranges>
      )}
      <Grid>
        <TextField type="date" label={t('limits.from')} value={from} onChange={(e) => setFrom(e.target.value)} error={rangeError} />
        <TextField type="date" label={t('limits.to')} helperText={t('limits.toHelp')} value={to} onChange={(e) => setTo(e.target.value)} />
      </Grid>
      <Actions>
        <Button type="button" $variant="outlined" onClick={addRange} disabled={!from}>
          {t('limits.add')}
        </Button>
      </Actions>
      {awayError && <FieldErrors errors={{ awayDates: awayError }} />}
      <h3>{t('limits.hours')}</h3>
      <Grid>
        <TextField inputMode="decimal" label={t('limits.maxDay')} helperText={t('limits.zeroNone')} {...form.field('maxDayMinutes')} />
        <TextField inputMode="decimal" label={t('limits.maxWeek')} helperText={t('limits.zeroNone')} {...form.field('maxWeekMinutes')} />
        <TextField inputMode="decimal" label={t('limits.goal')} helperText={t('limits.goalHelp')} {...form.field('weeklyPayGoalCents')} />
      </Grid>
      <h3>{t('limits.travel')}</h3>
      <p>{t('limits.travelIntro')}</p>
      <Grid>
        <TextField inputMode="numeric" label={t('limits.buffer')} {...form.field('travelBufferMinutes')} />
        <TextField inputMode="numeric" label={t('limits.speed')} {...form.field('averageSpeedKmh')} />
      </Grid>
      <FormFeedback form={{ formError: form.formError, otherErrors }} />
      <Actions>
        <SubmitButton pending={form.pending} pendingLabel={t('limits.saving')}>
          {t('limits.save')}
        </SubmitButton>
      </Actions>
    </form>
  );
}
