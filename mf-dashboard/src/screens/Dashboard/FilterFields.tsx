/**
 * The fields of one filter (docs/PRODUCT.md section 3): name, switch, service areas, days, time
 * window, pay and how it is counted, duration and time to arrive, each with the server's message
 * for its own field under it (docs/PRODUCT.md section 5) and the messages for fields without a
 * control listed at the end. One component for the dashboard's first filter (FiltersPanel) and
 * every filter of the list (FilterList), so both edit a filter the same way; and the save status
 * line both show.
 */
import { DURATION_SLIDER, PAY_SLIDER, TIME_TO_ARRIVE_SLIDER, up, useSession, type Filter, type FieldErrorMap, type PayType, type ServiceArea } from '@blockpilot/shared';
import { Button, FieldErrors, RangeSlider, Select, Slider, Spinner, Switch, TextField } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { CheckboxGroup } from '../../components/CheckboxGroup';
import { ToggleButtonGroup } from '../../components/ToggleButtonGroup';
import { isOneOf, useStoredPreference } from '../../components/useStoredPreference';
import { formatHours, formatMinutes, formatPay, formatSavedAt, WEEKDAY_NAMES } from '../../format';
import { TimeWindowField } from './TimeWindowField';
import type { SaveStatus } from './useFilterAutosave';

/** The fields that have a section (or control) of their own here. */
const SHOWN_FIELDS = ['name', 'enabled', 'serviceAreas', 'days', 'time', 'pay', 'payType', 'duration', 'timeToArrive'];

const PAY_TYPES = ['PER_BLOCK', 'PER_HOUR'] as const satisfies readonly PayType[];
const PAY_TYPE_OPTIONS = [
  { value: 'PER_BLOCK', label: 'Per block' },
  { value: 'PER_HOUR', label: 'Per hour' },
];

const DAY_FULL_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_OPTIONS = WEEKDAY_NAMES.map((label, day) => ({ value: day, label, name: DAY_FULL_NAMES[day] }));

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

function statusText(status: SaveStatus): string {
  switch (status.state) {
    case 'saving':
      return 'Saving…';
    case 'saved':
      return `Saved @ ${formatSavedAt(status.at)}`;
    case 'failed':
      return status.explained ? 'Not saved: see the messages below' : 'Not saved';
    default:
      return '';
  }
}

/** "Saved @ hh:mm AM/PM", "Saving…", or why not with a "Try again" (docs/PRODUCT.md section 4). */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry(): void }) {
  return (
    <StatusLine role="status" $error={status.state === 'failed'}>
      {statusText(status)}
      {status.state === 'failed' && !status.explained && (
        <Button type="button" $variant="text" onClick={onRetry}>
          Try again
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
  const { account, serviceAreas } = useSession();
  const symbol = account?.currency_symbol ?? '$';
  // The pay type chosen last is remembered for filters that come without one.
  const [, setDefaultPayType] = useStoredPreference<PayType>('defaultPayType', 'PER_BLOCK', isOneOf(PAY_TYPES));
  const otherErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => !SHOWN_FIELDS.includes(field)));
  const nameField = <TextField label="Filter name" maxLength={60} value={filter.name} error={errors.name} onChange={(event) => update({ name: event.target.value })} />;

  return (
    <Sections>
      {showEnabled ? (
        <TwoColumns>
          {nameField}
          <Switch
            label="Filter enabled"
            helperText="When off, this filter accepts nothing"
            checked={filter.enabled}
            error={errors.enabled}
            onChange={(event) => update({ enabled: event.target.checked })}
          />
        </TwoColumns>
      ) : (
        nameField
      )}

      <CheckboxGroup
        legend="Service areas"
        options={serviceAreaOptions(serviceAreas, abbreviate)}
        value={filter.serviceAreas}
        onChange={(next) => update({ serviceAreas: next })}
        error={errors.serviceAreas}
        helperText={stationsHelp(serviceAreas, filter.serviceAreas)}
        legendExtra={<Switch label="Abbreviate names" checked={abbreviate} onChange={(event) => onAbbreviateChange(event.target.checked)} />}
        placeholder={
          <Placeholder>
            {serviceAreas ? (
              'No service areas are offered to your account yet.'
            ) : account?.flexConnected ? (
              <Spinner label="Loading service areas…" />
            ) : (
              'Connect your account to choose service areas.'
            )}
          </Placeholder>
        }
      />

      <ToggleButtonGroup label="Days" options={DAY_OPTIONS} value={filter.days} onChange={(days) => update({ days })} error={errors.days} />

      <TimeWindowField value={filter.time} error={errors.time} onChange={(time) => update({ time })} />

      <TwoColumns>
        <RangeSlider
          label="Pay"
          {...PAY_SLIDER}
          value={filter.pay}
          formatValue={(position) => formatPay(symbol, position, filter.payType)}
          handleLabels={['Lowest pay', 'Highest pay']}
          helperText="At the top end there is no upper limit"
          error={errors.pay}
          onChange={(pay) => update({ pay })}
        />
        <Select
          label="Pay counted"
          options={PAY_TYPE_OPTIONS}
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
        label="Duration"
        {...DURATION_SLIDER}
        value={filter.duration}
        formatValue={formatHours}
        handleLabels={['Shortest block', 'Longest block']}
        error={errors.duration}
        onChange={(duration) => update({ duration })}
      />

      <Slider
        label="Time to arrive"
        {...TIME_TO_ARRIVE_SLIDER}
        value={filter.timeToArrive}
        formatValue={formatMinutes}
        helperText="Only blocks starting at least this long from now"
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
function serviceAreaOptions(areas: ServiceArea[] | null, abbreviate: boolean) {
  return (areas ?? []).map((area) => {
    const hint = area.eligible === undefined ? undefined : area.eligible ? 'Eligible' : 'Not eligible for your account';
    return { value: area.id, label: abbreviate ? area.shortName : area.fullName, hint };
  });
}

/** "2 selected", and a warning when none of them is one the account may work. */
function stationsHelp(areas: ServiceArea[] | null, selected: readonly string[]): string {
  const count = `${selected.length} selected`;
  const known = areas?.filter((area) => area.eligible !== undefined && selected.includes(area.id)) ?? [];
  if (selected.length === 0 || known.length === 0 || known.some((area) => area.eligible)) return count;
  return `${count}: none is eligible for your account, so no offers can come. Choose a station marked Eligible.`;
}
