/**
 * The filters view: the first filter of the account (docs/PRODUCT.md section 3), every field editable and
 * auto-saved (see {@link useFilterAutosave}) through the fields every filter is edited with
 * ({@link FilterFields}). The driver's other filters are in the list below it (FilterList,
 * docs/PRODUCT.md "Several filters").
 */
import { useSession, type Filter } from '@blockpilot/shared';
import { Notice, Paper } from '@blockpilot/shared/ui';
import { useId } from 'react';
import { useT } from '../../i18n';
import { FilterFields, SaveStatusLine, useWithDefaultPayType } from './FilterFields';
import { PanelHeader, PanelTitle } from './panelParts';
import { useFilterAutosave } from './useFilterAutosave';

export interface FiltersPanelProps {
  /** Show service areas by short name (the stored choice, default on). */
  abbreviate: boolean;
  onAbbreviateChange(abbreviate: boolean): void;
}

export function FiltersPanel(props: FiltersPanelProps) {
  const t = useT();
  const { account } = useSession();
  const filter = account?.filters[0];
  const titleId = `${useId().replace(/:/g, '')}-title`;
  return (
    <Paper aria-labelledby={titleId}>
      {filter ? (
        // A different filter (another account, or another moved to the top) starts a fresh editor instead of mixing values.
        <FilterEditor key={filter.id} initial={filter} titleId={titleId} {...props} />
      ) : (
        <>
          <PanelHeader>
            <PanelTitle id={titleId}>{t('filter.title')}</PanelTitle>
          </PanelHeader>
          <Notice tone="warning">{t('filter.missing')}</Notice>
        </>
      )}
    </Paper>
  );
}

function FilterEditor({ initial, titleId, ...fieldProps }: FiltersPanelProps & { initial: Filter; titleId: string }) {
  const t = useT();
  const { filter, update, saveNow, status, errors } = useFilterAutosave(useWithDefaultPayType(initial));
  return (
    <>
      <PanelHeader>
        <PanelTitle id={titleId}>{t('filter.title')}</PanelTitle>
        <SaveStatusLine status={status} onRetry={saveNow} />
      </PanelHeader>
      <FilterFields filter={filter} update={update} errors={errors} {...fieldProps} />
    </>
  );
}
