/**
 * The connect-account tutorial, played from the product's own origin (no third-party player, so
 * nothing is fetched from elsewhere and it works wherever the app works). Only its metadata loads
 * up front. If the file cannot be played (missing, offline), the same box says so and points to
 * the written steps, so the page keeps its shape either way.
 */
import { useState } from 'react';
import styled from 'styled-components';

/** Served by the product next to the shell (shell/public/media). */
export const TUTORIAL_VIDEO_URL = '/media/connect-account-tutorial.mp4';

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

export function TutorialVideo({ src = TUTORIAL_VIDEO_URL }: { src?: string }) {
  const [unavailable, setUnavailable] = useState(false);
  return (
    <Figure>
      <Frame>
        {unavailable ? (
          <Fallback role="note">The video is not available right now. The written steps on this page show the same, one by one.</Fallback>
        ) : (
          <video controls preload="metadata" playsInline aria-label="Tutorial: connecting your Amazon Flex account">
            {/* A <source> reports a failed load on itself, not on the video. */}
            <source src={src} type="video/mp4" onError={() => setUnavailable(true)} />
          </video>
        )}
      </Frame>
      <Caption>Video: how to connect your Amazon Flex account.</Caption>
    </Figure>
  );
}
