/**
 * "Your filters" (docs/PRODUCT.md "Several filters"): every filter of the driver in their order. The
 * first is the one the dashboard shows and edits above (FiltersPanel); it cannot be deleted, but
 * another one can be moved above it. Each other filter is named, switched, edited with the same
 * fields as the first (FilterFields, auto-saved the same way), moved up or down, and deleted after
 * a confirmation. A new one starts with the values every new filter has (DEFAULT_FILTER) and opens
 * for editing. After every change of the list the account is reloaded, so the dashboard's filter
 * follows a new first.
 */
import { api, ApiError, DEFAULT_FILTER, MAX_FILTERS_PER_DRIVER, useSession, type Filter, type ServiceArea } from '@blockpilot/shared';
import { Button, Chip, Dialog, Notice, Paper, Switch } from '@blockpilot/shared/ui';
import { useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { T, useT, type DashboardT } from '../../i18n';
import { FilterFields, SaveStatusLine, useWithDefaultPayType } from './FilterFields';
import { PanelHeader, PanelTitle } from './panelParts';
import { useFilterAutosave } from './useFilterAutosave';

const ListPaper = styled(Paper)`
  margin-top: 16px;
`;

const Intro = styled.p`
  margin: 0 0 12px;
  color: ${({ theme }) => theme.palette.textMuted};
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0 0 16px;
  padding: 0;
`;

const Row = styled.li`
  padding: 12px 0;
  border-bottom: 1px solid ${({ theme }) => theme.palette.divider};
`;

const RowHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 12px;
  h3 {
    margin: 0;
    font-size: 1rem;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const RowText = styled.p`
  margin: 4px 0 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

const RowActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 8px;
  margin-top: 8px;
`;

const Editor = styled.div`
  margin-top: 12px;
`;

export interface FilterListProps {
  /** Show service areas by short name (the stored choice, default on). */
  abbreviate: boolean;
  onAbbreviateChange(abbreviate: boolean): void;
}

/** The changes of the list, each with what the driver is told when it fails unexplained. */
const CHANGES = { add: 'filterList.failed.add', move: 'filterList.failed.move', delete: 'filterList.failed.delete' } as const;
type Change = keyof typeof CHANGES;

/** What a list change went wrong with, when the server did not already say it (its alert is a toast). */
function unexplained(t: DashboardT, error: unknown, change: Change): string | null {
  if (error instanceof ApiError && error.envelope.alert) return null;
  console.warn(`[filters] ${change} failed:`, error instanceof Error ? error.message : error);
  return t(CHANGES[change]);
}

/** "DSE4, DWA6", or that none is chosen yet. */
function stationsOf(t: DashboardT, filter: Filter, areas: ServiceArea[] | null, abbreviate: boolean): string {
  if (filter.serviceAreas.length === 0) return t('filterList.noStation');
  const names = filter.serviceAreas.map((id) => {
    const area = areas?.find((known) => known.id === id);
    return area ? (abbreviate ? area.shortName : area.fullName) : id;
  });
  return names.join(', ');
}

export function FilterList(props: FilterListProps) {
  const t = useT();
  const { account, refresh } = useSession();
  const titleId = `${useId().replace(/:/g, '')}-title`;
  const listRef = useRef<HTMLOListElement>(null);
  // The list as the server last answered; it follows the account whenever that is reloaded.
  const [seen, setSeen] = useState(account?.filters);
  const [filters, setFilters] = useState<Filter[]>(account?.filters ?? []);
  if (seen !== account?.filters) {
    setSeen(account?.filters);
    setFilters(account?.filters ?? []);
  }
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Filter | null>(null);

  /** Runs one change of the list: one at a time, its failure said, the account reloaded after. */
  const change = async (which: Change, work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(unexplained(t, error, which));
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  /** Puts the focus back on a control of a row once it has been drawn where it moved. */
  const focusLater = (selector: string) => requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(selector)?.focus());

  const add = () =>
    change('add', async () => {
      const added = await api.user.saveFilter({ ...DEFAULT_FILTER, name: t('filterList.defaultName', { position: filters.length + 1 }) });
      setFilters((list) => [...list, added]);
      setOpened(added.id);
      focusLater(`[data-filter-id="${added.id}"] input[type="text"]`);
    });

  const move = (index: number, by: -1 | 1) => {
    const ids = filters.map((filter) => filter.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    return change('move', async () => {
      setFilters(await api.user.reorderFilters(ids));
      // The same button if the filter can go on that way, else the other one.
      const edge = index + by === 0 || index + by === ids.length - 1;
      focusLater(`[data-filter-id="${id}"] [data-move="${edge ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down'}"]`);
    });
  };

  const confirmDelete = async () => {
    const filter = deleting;
    if (!filter) return;
    await change('delete', async () => {
      setFilters(await api.user.deleteFilter(filter.id));
    });
    setDeleting(null);
  };

  if (!account || filters.length === 0) return null;
  const full = filters.length >= MAX_FILTERS_PER_DRIVER;
  return (
    <ListPaper aria-labelledby={titleId} data-filter-list="">
      <PanelHeader>
        <PanelTitle id={titleId}>{t('filterList.title')}</PanelTitle>
      </PanelHeader>
      <Intro>{t('filterList.intro')}</Intro>
      <Rows ref={listRef}>
        {filters.map((filter, index) =>
          index === 0 ? (
            <Row key={filter.id} data-filter-id={filter.id} aria-labelledby={`${titleId}-first`}>
              <RowHead>
                <h3 id={`${titleId}-first`}>{t('filterList.first.title')}</h3>
              </RowHead>
              <RowText>{t('filterList.first.text')}</RowText>
              {filters.length > 1 && (
                <RowActions>
                  <Button type="button" $variant="outlined" data-move="down" aria-label={t('filterList.first.moveDown')} disabled={busy} onClick={() => void move(0, 1)}>
                    {t('filterList.moveDown')}
                  </Button>
                </RowActions>
              )}
            </Row>
          ) : (
            <FilterRow
              key={filter.id}
              initial={filter}
              position={index + 1}
              last={index === filters.length - 1}
              open={opened === filter.id}
              onOpenChange={(open) => setOpened(open ? filter.id : null)}
              busy={busy}
              onMove={(by) => void move(index, by)}
              onDelete={(current) => setDeleting(current)}
              {...props}
            />
          ),
        )}
      </Rows>
      {problem && <Notice tone="error">{problem}</Notice>}
      <RowActions>
        <Button type="button" onClick={() => void add()} disabled={busy || full} aria-describedby={full ? `${titleId}-full` : undefined}>
          {t('filterList.add')}
        </Button>
        {full && <RowText id={`${titleId}-full`}>{t('filterList.full', { max: MAX_FILTERS_PER_DRIVER })}</RowText>}
      </RowActions>
      <Dialog
        open={deleting !== null}
        title={t('filterList.deleteDialog.title')}
        onClose={() => {
          if (!busy) setDeleting(null);
        }}
        actions={
          <>
            <Button type="button" $variant="outlined" onClick={() => setDeleting(null)} disabled={busy}>
              {t('filterList.deleteDialog.keep')}
            </Button>
            <Button type="button" onClick={() => void confirmDelete()} disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('filterList.deleteDialog.deleting') : t('filterList.delete')}
            </Button>
          </>
        }
      >
        <p>
          <T id="filterList.deleteDialog.body" values={{ name: deleting?.name ?? '' }} components={{ 0: <strong /> }} />
        </p>
      </Dialog>
    </ListPaper>
  );
}

interface FilterRowProps extends FilterListProps {
  initial: Filter;
  /** 2 for the second filter, ... */
  position: number;
  last: boolean;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A change of the list is on its way: moves and deletes wait for it. */
  busy: boolean;
  onMove(by: -1 | 1): void;
  /** Asks to delete the filter, with its values as they are now. */
  onDelete(filter: Filter): void;
}

/** One filter after the first: its name and state, its actions, and its fields when opened. */
function FilterRow({ initial, position, last, open, onOpenChange, busy, onMove, onDelete, abbreviate, onAbbreviateChange }: FilterRowProps) {
  const t = useT();
  const { serviceAreas } = useSession();
  const { filter, update, saveNow, status, errors } = useFilterAutosave(useWithDefaultPayType(initial));
  const ids = useId().replace(/:/g, '');
  const name = filter.name || t('filterList.defaultName', { position });
  return (
    <Row data-filter-id={filter.id} aria-labelledby={`${ids}-name`}>
      <RowHead>
        <h3 id={`${ids}-name`}>
          {position}. {name}
        </h3>
        <Chip dot={filter.enabled ? 'success' : 'neutral'}>{t(filter.enabled ? 'filterList.on' : 'filterList.off')}</Chip>
        {filter.action === 'notify' && <Chip dot="primary">{t('filterList.notify')}</Chip>}
      </RowHead>
      <RowText>{stationsOf(t, filter, serviceAreas, abbreviate)}</RowText>
      <RowActions>
        {/* The label names what the switch does; its state is the switch's and the chip's (On/Off), so they never disagree. */}
        <Switch label={t('filterList.searchWithFilter')} checked={filter.enabled} onChange={(event) => update({ enabled: event.target.checked })} />
        <Button
          type="button"
          $variant="outlined"
          aria-expanded={open}
          aria-controls={`${ids}-editor`}
          aria-label={t(open ? 'filterList.closeNamed' : 'filterList.editNamed', { name })}
          onClick={() => onOpenChange(!open)}
        >
          {t(open ? 'filterList.close' : 'filterList.edit')}
        </Button>
        <Button type="button" $variant="text" data-move="up" aria-label={t('filterList.moveUpNamed', { name })} disabled={busy} onClick={() => onMove(-1)}>
          {t('filterList.moveUp')}
        </Button>
        <Button type="button" $variant="text" data-move="down" aria-label={t('filterList.moveDownNamed', { name })} disabled={busy || last} onClick={() => onMove(1)}>
          {t('filterList.moveDown')}
        </Button>
        <Button type="button" $variant="text" aria-label={t('filterList.deleteNamed', { name })} disabled={busy} onClick={() => onDelete(filter)}>
          {t('filterList.delete')}
        </Button>
        <SaveStatusLine status={status} onRetry={saveNow} />
      </RowActions>
      <Editor id={`${ids}-editor`} hidden={!open}>
        <FilterFields filter={filter} update={update} errors={errors} abbreviate={abbreviate} onAbbreviateChange={onAbbreviateChange} showEnabled={false} />
      </Editor>
    </Row>
  );
}
