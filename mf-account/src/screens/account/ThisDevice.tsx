/**
 * Push notifications on this device (docs/LIVE.md "Push notifications"): a "This device" switch
 * that asks the browser's permission, subscribes through the service worker with the server's
 * VAPID key and saves the subscription; the driver's other devices, each removable. Says plainly
 * when the browser cannot receive push or notifications are blocked.
 */
import { api, type PushDevice, type PushDevices } from '@blockpilot/shared';
import { Button, Notice, Switch } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { SectionSubheading, SectionText } from '../../components/sectionLayout';
import { useT } from '../../i18n';
import { logFailure } from '../../logFailure';
import { currentSubscription, PermissionDenied, pushAvailability, subscribeThisDevice, unsubscribeThisDevice, type PushAvailability } from './thisDevice';

const DeviceList = styled.ul`
  list-style: none;
  margin: 8px 0 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 4px 12px;
  }
`;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function ThisDevice() {
  const t = useT();
  const [availability, setAvailability] = useState<PushAvailability>(pushAvailability);
  const [loaded, setLoaded] = useState<PushDevices | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  /** This browser's subscription endpoint; undefined while being read. */
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const ownEndpoint =
      pushAvailability() === 'unsupported'
        ? Promise.resolve(null)
        : currentSubscription().then(
            (s) => s?.endpoint ?? null,
            () => null,
          );
    Promise.all([api.user.getPushDevices(), ownEndpoint]).then(
      ([devices, own]) => {
        if (!current) return;
        setLoaded(devices);
        setEndpoint(own);
      },
      (error: unknown) => {
        logFailure('loading the push devices', error);
        if (current) setLoadFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, []);

  if (loadFailed) return <Notice tone="error">{t('push.loadFailed')}</Notice>;
  if (!loaded || endpoint === undefined) return <SectionText role="status">{t('push.checking')}</SectionText>;

  const thisDevice = loaded.devices.find((device) => device.endpoint === endpoint);
  const others = loaded.devices.filter((device) => device !== thisDevice);
  const withDevices = (devices: PushDevice[]) => setLoaded({ ...loaded, devices });

  const switchOn = async () => {
    const subscription = await subscribeThisDevice(loaded.publicKey);
    const saved = await api.user.subscribePush(subscription);
    withDevices([...loaded.devices.filter((device) => device.id !== saved.id), saved]);
    setEndpoint(saved.endpoint);
  };
  const switchOff = async (device: PushDevice) => {
    await api.user.unsubscribePush(device.id);
    withDevices(loaded.devices.filter((other) => other.id !== device.id));
    await unsubscribeThisDevice();
  };
  const toggle = async (on: boolean) => {
    setPending(true);
    setProblem(null);
    try {
      if (on) await switchOn();
      else if (thisDevice) await switchOff(thisDevice);
    } catch (error) {
      if (!(error instanceof PermissionDenied)) setProblem(t(on ? 'push.switchOnFailed' : 'push.switchOffFailed', { message: messageOf(error) }));
    } finally {
      setAvailability(pushAvailability());
      setPending(false);
    }
  };
  const remove = (device: PushDevice) =>
    api.user.unsubscribePush(device.id).then(
      () => withDevices(loaded.devices.filter((other) => other.id !== device.id)),
      (error: unknown) => logFailure('removing a push device', error),
    );

  const blocked = availability === 'unsupported' || availability === 'denied';
  return (
    <>
      <SectionSubheading>{t('push.title')}</SectionSubheading>
      {availability === 'unsupported' && <Notice tone="warning">{t('push.unsupported')}</Notice>}
      {availability === 'denied' && <Notice tone="warning">{t('push.denied')}</Notice>}
      <Switch
        label={t('push.thisDevice')}
        checked={Boolean(thisDevice)}
        disabled={pending || (blocked && !thisDevice)}
        aria-busy={pending}
        helperText={thisDevice ? t('push.on', { device: thisDevice.label }) : t('push.off')}
        onChange={(event) => void toggle(event.target.checked)}
      />
      {problem && <Notice tone="error">{problem}</Notice>}
      {others.length > 0 && (
        <>
          <SectionText>{t('push.others')}</SectionText>
          <DeviceList aria-label={t('push.othersList')}>
            {others.map((device) => (
              <li key={device.id}>
                <span>{device.label}</span>
                <Button type="button" $variant="text" aria-label={t('push.removeDevice', { device: device.label })} onClick={() => void remove(device)}>
                  {t('push.remove')}
                </Button>
              </li>
            ))}
          </DeviceList>
        </>
      )}
    </>
  );
}
