/**
 * The filter's start-time window: the two-handle time slider (0-1440, step 15) and an "Overnight"
 * switch. Off, the window runs from the left handle to the right one. On, it runs from the right
 * handle's time across midnight to the left handle's time, and the rail is highlighted outside the
 * handles, so 10:00 PM to 2:00 AM is the handles at 2:00 AM and 10:00 PM with the switch on, sent
 * as `time: [1320, 120]`. The handles never cross, so a window can only turn overnight on purpose,
 * and the switch is an ordinary control for keyboards and screen readers; the header says the
 * window in words ("10:00 PM – 2:00 AM (overnight)", "All day").
 */
import { TIME_SLIDER, timeWindowKind, type Range } from '@blockpilot/shared';
import { RangeSlider, Switch } from '@blockpilot/shared/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { formatMinutesOfDay, formatTimeWindow } from '../../format';
import { useT } from '../../i18n';

/** Where an overnight window starts when the switch is turned on over an all-day window (which has no overnight reading). */
const FIRST_OVERNIGHT_WINDOW: Range = [1320, 360];

const Group = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

export interface TimeWindowFieldProps {
  /** `[from, to]` in minutes from midnight; from > to runs overnight. */
  value: Range;
  error?: string;
  onChange(time: Range): void;
}

export function TimeWindowField({ value, error, onChange }: TimeWindowFieldProps) {
  const t = useT();
  const kind = timeWindowKind(value);
  // Only equal ends look the same either way; the switch's last position says which they are.
  const [overnightChosen, setOvernightChosen] = useState(kind === 'overnight');
  const overnight = kind === 'overnight' || (kind === 'empty' && overnightChosen);
  // The slider keeps low <= high: overnight, the window's end is the left handle.
  const handles: Range = overnight ? [value[1], value[0]] : value;
  const windowOf = ([low, high]: Range, across: boolean): Range => (across ? [high, low] : [low, high]);

  const setOvernight = (on: boolean) => {
    setOvernightChosen(on);
    if (on && kind === 'allDay') onChange(FIRST_OVERNIGHT_WINDOW);
    else onChange(windowOf(handles, on));
  };

  return (
    <Group>
      <RangeSlider
        label={t('filter.time')}
        {...TIME_SLIDER}
        value={handles}
        formatValue={formatMinutesOfDay}
        valueText={formatTimeWindow(t, value)}
        outside={overnight}
        handleLabels={overnight ? [t('filter.time.latestNextDay'), t('filter.time.earliest')] : [t('filter.time.earliest'), t('filter.time.latest')]}
        helperText={t(overnight ? 'filter.time.overnightHelp' : 'filter.time.help')}
        error={error}
        onChange={(next) => onChange(windowOf(next, overnight))}
      />
      <Switch label={t('filter.time.overnight')} helperText={t('filter.time.overnightSwitchHelp')} checked={overnight} onChange={(event) => setOvernight(event.target.checked)} />
    </Group>
  );
}
