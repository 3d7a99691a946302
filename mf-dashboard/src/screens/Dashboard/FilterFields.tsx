/**
 * The fields of one filter (docs/PRODUCT.md section 3): name, switch, service areas, days, time
 * window, pay and how it is counted, duration and time to arrive, each with the server's message
 * for its own field under it (docs/PRODUCT.md section 5) and the messages for fields without a
 * control listed at the end. One component for the dashboard's first filter (FiltersPanel) and
 * every filter of the list (FilterList), so both edit a filter the same way; and the save status
 * line both show.
 */
import {
  DURATION_SLIDER,
  formatWeekday,
  PAY_SLIDER,
  TIME_TO_ARRIVE_SLIDER,
  up,
  useSession,
  FILTER_ACTIONS,
  type Filter,
  type FilterAction,
  type FieldErrorMap,
  type PayType,
  type ServiceArea,
} from '@blockpilot/shared';
import { Button, FieldErrors, RangeSlider, Select, Slider, Spinner, Switch, TextField } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { ToggleButtonGroup } from '../../components/ToggleButtonGroup';
import { isOneOf, useStoredPreference } from '../../components/useStoredPreference';
import { formatHours, formatMinutes, formatPay, formatSavedAt } from '../../format';
import { useT, type DashboardT, type MessageKey } from '../../i18n';
import { TimeWindowField } from './TimeWindowField';
import type { SaveStatus } from './useFilterAutosave';

/** The fields that have a section (or control) of their own here. */
const SHOWN_FIELDS = ['name', 'enabled', 'action', 'serviceAreas', 'days', 'time', 'pay', 'payType', 'duration', 'timeToArrive'];

/** What a match does (docs/PRODUCT.md "Notify-only filters"): take it, or only tell the driver. */
const ACTION_LABELS: Record<FilterAction, MessageKey> = { accept: 'filter.action.accept', notify: 'filter.action.notify' };

const PAY_TYPES = ['PER_BLOCK', 'PER_HOUR'] as const satisfies readonly PayType[];
const PAY_TYPE_LABELS: Record<PayType, MessageKey> = { PER_BLOCK: 'filter.payType.perBlock', PER_HOUR: 'filter.payType.perHour' };

/** What screen readers say for each day button, Sunday = 0 (the button shows the short name). */
const DAY_NAMES: readonly MessageKey[] = ['days.sunday', 'days.monday', 'days.tuesday', 'days.wednesday', 'days.thursday', 'days.friday', 'days.saturday'];

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const TwoColumns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 16px;
  /* Every control here ends with its message line, so bottoms line up the controls. */
  align-items: end;
  ${up('sm')} {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  }
`;

/** One line that always keeps its height, so "Saved @ ..." appearing moves nothing. */
const StatusLine = styled.p<{ $error: boolean }>`
  margin: 0;
  min-height: ${({ theme }) => theme.touchTarget}px;
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 0.875rem;
  font-weight: 500;
  color: ${({ theme, $error }) => ($error ? theme.palette.error : theme.palette.textMuted)};
`;

const Placeholder = styled.div`
  min-height: 96px;
  display: flex;
  align-items: center;
  color: ${({ theme }) => theme.palette.textMuted};
`;

function statusText(t: DashboardT, status: SaveStatus): string {
  switch (status.state) {
    case 'saving':
      return t('filter.saving');
    case 'saved':
      return t('filter.savedAt', { time: formatSavedAt(status.at) });
    case 'failed':
      return t(status.explained ? 'filter.notSavedExplained' : 'filter.notSaved');
    default:
      return '';
  }
}

/** "Saved @ hh:mm AM/PM", "Saving…", or why not with a "Try again" (docs/PRODUCT.md section 4). */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry(): void }) {
  const t = useT();
  return (
    <StatusLine role="status" $error={status.state === 'failed'}>
      {statusText(t, status)}
      {status.state === 'failed' && !status.explained && (
        <Button type="button" $variant="text" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      )}
    </StatusLine>
  );
}

/** A filter's values with the pay type the driver last chose when it comes without one. */
export function useWithDefaultPayType(filter: Filter): Filter {
  const [defaultPayType] = useStoredPreference<PayType>('defaultPayType', 'PER_BLOCK', isOneOf(PAY_TYPES));
  return { ...filter, payType: filter.payType ?? defaultPayType };
}

export interface FilterFieldsProps {
  filter: Filter;
  update(changes: Partial<Filter>): void;
  errors: FieldErrorMap;
  /** Show service areas by short name (the stored choice, default on). */
  abbreviate: boolean;
  onAbbreviateChange(abbreviate: boolean): void;
  /** False where the switch is drawn elsewhere (a row of the filter list). */
  showEnabled?: boolean;
}

export function FilterFields({ filter, update, errors, abbreviate, onAbbreviateChange, showEnabled = true }: FilterFieldsProps) {
  const t = useT();
  const { account, serviceAreas } = useSession();
  const symbol = account?.currency_symbol ?? '$';
  // The pay type chosen last is remembered for filters that come without one.
  const [, setDefaultPayType] = useStoredPreference<PayType>('defaultPayType', 'PER_BLOCK', isOneOf(PAY_TYPES));
  const dayOptions = DAY_NAMES.map((name, day) => ({ value: day, label: formatWeekday(day), name: t(name) }));
  const otherErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => !SHOWN_FIELDS.includes(field)));
  const nameField = <TextField label={t('filter.name')} maxLength={60} value={filter.name} error={errors.name} onChange={(event) => update({ name: event.target.value })} />;

  return (
    <Sections>
      {showEnabled ? (
        <TwoColumns>
          {nameField}
          <Switch
            label={t('filter.enabled')}
            helperText={t('filter.enabledHelp')}
            checked={filter.enabled}
            error={errors.enabled}
            onChange={(event) => update({ enabled: event.target.checked })}
          />
        </TwoColumns>
      ) : (
        nameField
      )}

      <Select
        label={t('filter.action')}
        options={FILTER_ACTIONS.map((value) => ({ value, label: t(ACTION_LABELS[value]) }))}
        value={filter.action ?? 'accept'}
        helperText={t('filter.action.help')}
        error={errors.action}
        onChange={(event) => update({ action: event.target.value as FilterAction })}
      />

      <CheckboxGroup
        legend={t('filter.areas')}
        options={serviceAreaOptions(t, serviceAreas, abbreviate)}
        value={filter.serviceAreas}
        onChange={(next) => update({ serviceAreas: next })}
        error={errors.serviceAreas}
        helperText={stationsHelp(t, serviceAreas, filter.serviceAreas)}
        legendExtra={<Switch label={t('filter.areas.abbreviate')} checked={abbreviate} onChange={(event) => onAbbreviateChange(event.target.checked)} />}
        placeholder={
          <Placeholder>
            {serviceAreas ? t('filter.areas.noneOffered') : account?.flexConnected ? <Spinner label={t('filter.areas.loading')} /> : t('filter.areas.connectFirst')}
          </Placeholder>
        }
      />

      <ToggleButtonGroup label={t('filter.days')} options={dayOptions} value={filter.days} onChange={(days) => update({ days })} error={errors.days} />

      <TimeWindowField value={filter.time} error={errors.time} onChange={(time) => update({ time })} />

      <TwoColumns>
        <RangeSlider
          label={t('filter.pay')}
          {...PAY_SLIDER}
          value={filter.pay}
          formatValue={(position) => formatPay(t, symbol, position, filter.payType)}
          handleLabels={[t('filter.pay.lowest'), t('filter.pay.highest')]}
          helperText={t('filter.pay.help')}
          error={errors.pay}
          onChange={(pay) => update({ pay })}
        />
        <Select
          label={t('filter.payType')}
          options={PAY_TYPES.map((value) => ({ value, label: t(PAY_TYPE_LABELS[value]) }))}
          value={filter.payType}
          error={errors.payType}
          onChange={(event) => {
            const payType = event.target.value as PayType;
            setDefaultPayType(payType);
            update({ payType });
          }}
        />
      </TwoColumns>

      <RangeSlider
        label={t('filter.duration')}
        {...DURATION_SLIDER}
        value={filter.duration}
        formatValue={(hours) => formatHours(t, hours)}
        handleLabels={[t('filter.duration.shortest'), t('filter.duration.longest')]}
        error={errors.duration}
        onChange={(duration) => update({ duration })}
      />

      <Slider
        label={t('filter.timeToArrive')}
        {...TIME_TO_ARRIVE_SLIDER}
        value={filter.timeToArrive}
        formatValue={(minutes) => formatMinutes(t, minutes)}
        helperText={t('filter.timeToArrive.help')}
        error={errors.timeToArrive}
        onChange={(timeToArrive) => update({ timeToArrive })}
      />

      <FieldErrors errors={otherErrors} />
    </Sections>
  );
}

/**
 * Each station by the name the driver chose, marked with whether the platform account may work it
 * (docs/LIVE.md "Eligible stations"): offers are only ever asked for at eligible ones.
 */
function serviceAreaOptions(t: DashboardT, areas: ServiceArea[] | null, abbreviate: boolean) {
  return (areas ?? []).map((area) => {
    const hint = area.eligible === undefined ? undefined : t(area.eligible ? 'filter.areas.eligible' : 'filter.areas.notEligible');
    return { value: area.id, label: abbreviate ? area.shortName : area.fullName, hint };
  });
}

/** "2 selected", and a warning when none of them is one the account may work. */
function stationsHelp(t: DashboardT, areas: ServiceArea[] | null, selected: readonly string[]): string {
  const count = selected.length;
  const known = areas?.filter((area) => area.eligible !== undefined && selected.includes(area.id)) ?? [];
  if (count === 0 || known.length === 0 || known.some((area) => area.eligible)) return t('filter.areas.selected', { count });
  return t('filter.areas.selectedNoneEligible', { count });
}
