/**
 * The connect-account tutorial (docs/PRODUCT.md section 2.4): a short recording of the
 * connect flow with captions, shipped with this remote (content-hashed files next to its
 * chunks, so it is cached like them and deployed with the screen that shows it) and played by
 * the browser's own player: no third-party player, nothing fetched from elsewhere. Only the
 * poster and the metadata load up front. If no source can be played (offline, say), the same
 * box says so and points to the written steps, so the page keeps its shape either way.
 * The picture's own captions are English; a page in Spanish adds Spanish captions, turned on.
 * The files are recorded from the real flow by e2e/tutorial/connectAccount.record.ts; re-record
 * them when the flow changes.
 */
import { LANGUAGE_NAMES } from '@blockpilot/shared';
import { useLanguage } from '@blockpilot/shared/i18n';
import { useState } from 'react';
import styled from 'styled-components';
import { useT } from './i18n';
import spanishCaptions from './media/connect-account-tutorial.es.vtt';
import captions from './media/connect-account-tutorial.vtt';
import poster from './media/connect-account-tutorial.jpg';
import mp4 from './media/connect-account-tutorial.mp4';
import webm from './media/connect-account-tutorial.webm';

/** Where the tutorial's files are served (URLs resolved against this remote's own origin). */
export interface TutorialMedia {
  /** VP9, what Chromium and Firefox play; smallest. */
  webm: string;
  /** H.264, for Safari (iPhones). */
  mp4: string;
  poster: string;
  /** WebVTT captions, in English (as the picture shows them). */
  captions: string;
  /** The same captions in Spanish, for a page in Spanish. */
  spanishCaptions?: string;
}

export const TUTORIAL_MEDIA: TutorialMedia = { webm, mp4, poster, captions, spanishCaptions };

const Figure = styled.figure`
  margin: 0;
`;

/** 16:9, reserved before anything loads. */
const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  width: 100%;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.palette.text};
  video {
    width: 100%;
    height: 100%;
    display: block;
  }
`;

const Fallback = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: 16px;
  text-align: center;
  background: ${({ theme }) => theme.palette.background};
  color: ${({ theme }) => theme.palette.text};
`;

const Caption = styled.figcaption`
  margin-top: 6px;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.palette.textMuted};
`;

export function TutorialVideo({ media = TUTORIAL_MEDIA }: { media?: TutorialMedia }) {
  const t = useT();
  const { language } = useLanguage();
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Figure>
      <Frame>
        {unavailable ? (
          <Fallback role="note">{t('video.unavailable')}</Fallback>
        ) : (
          // crossOrigin: the captions track only loads across origins (a remote hosted apart) with CORS.
          <video controls preload="metadata" playsInline poster={media.poster} crossOrigin="anonymous" aria-label={t('video.label')}>
            <source src={media.webm} type="video/webm" />
            {/* A <source> reports a failed load on itself, not on the video; the browser tries the next one, so only the last one's failure means nothing plays. */}
            <source src={media.mp4} type="video/mp4" onError={() => setUnavailable(true)} />
            {/* Not `default`: every frame already shows its caption in the picture (e2e/tutorial/frames.ts), so
                the track on top would show each one twice. It stays for the player's captions menu. Each
                track is named in its own language, as the language switch names them. */}
            <track kind="captions" src={media.captions} srcLang="en" label={LANGUAGE_NAMES.en} />
            {/* The picture's captions are English: on a page in Spanish, the Spanish ones show over them. */}
            {language === 'es' && media.spanishCaptions && <track kind="captions" src={media.spanishCaptions} srcLang="es" label={LANGUAGE_NAMES.es} default />}
          </video>
        )}
      </Frame>
      <Caption>{t('video.caption')}</Caption>
    </Figure>
  );
}
