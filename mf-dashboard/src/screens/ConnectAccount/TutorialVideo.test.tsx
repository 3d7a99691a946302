import { switchLanguage } from '@blockpilot/shared/i18n';
import { renderRemote } from '@blockpilot/shared/mock';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { TutorialVideo, type TutorialMedia } from './TutorialVideo';

const MEDIA: TutorialMedia = { webm: '/assets/tutorial.1.webm', mp4: '/assets/tutorial.2.mp4', poster: '/assets/tutorial.3.jpg', captions: '/assets/tutorial.4.vtt' };
const renderVideo = () => renderRemote(() => <TutorialVideo media={MEDIA} />, '/connectAccount');
const video = () => screen.getByLabelText('Tutorial: connecting your Amazon Flex account');

describe('the tutorial video of the Connect Account page', () => {
  afterEach(cleanup);

  it('offers WebM then MP4, shows the poster, loads only metadata up front, and has English captions the player can turn on, off by default (the picture shows each caption already)', () => {
    renderVideo();
    expect(video().tagName).toBe('VIDEO');
    expect(video()).toHaveAttribute('poster', MEDIA.poster);
    expect(video()).toHaveAttribute('preload', 'metadata');
    expect(video()).toHaveAttribute('controls');
    expect(Array.from(video().querySelectorAll('source'), (source) => [source.getAttribute('type'), source.getAttribute('src')])).toEqual([
      ['video/webm', MEDIA.webm],
      ['video/mp4', MEDIA.mp4],
    ]);
    const track = video().querySelector('track')!;
    expect([track.getAttribute('kind'), track.getAttribute('srclang'), track.getAttribute('src'), track.hasAttribute('default')]).toEqual([
      'captions',
      'en',
      MEDIA.captions,
      false,
    ]);
  });

  it('keeps the player when only the WebM fails (the browser goes on to the MP4)', () => {
    const { container } = renderVideo();
    fireEvent.error(container.querySelector('source[type="video/webm"]')!);
    expect(video().tagName).toBe('VIDEO');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('says the video is unavailable, in the same box, when the last source fails too', () => {
    const { container } = renderVideo();
    fireEvent.error(container.querySelector('source[type="video/mp4"]')!);
    expect(screen.queryByLabelText('Tutorial: connecting your Amazon Flex account')).not.toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent('The video is not available right now.');
  });

  it('adds Spanish captions, turned on, only on a page in Spanish (the picture shows English ones)', async () => {
    const withSpanish = { ...MEDIA, spanishCaptions: '/assets/tutorial.5.vtt' };
    const tracks = () => Array.from(document.querySelectorAll('track'), (track) => [track.getAttribute('srclang'), track.getAttribute('label'), track.hasAttribute('default')]);
    renderRemote(() => <TutorialVideo media={withSpanish} />, '/connectAccount');
    expect(tracks()).toEqual([['en', 'English', false]]);
    await act(() => switchLanguage('es'));
    try {
      expect(tracks()).toEqual([
        ['en', 'English', false],
        ['es', 'Español', true],
      ]);
      expect(document.querySelector('track[srclang="es"]')).toHaveAttribute('src', withSpanish.spanishCaptions);
    } finally {
      await act(() => switchLanguage('en'));
    }
  });
});
