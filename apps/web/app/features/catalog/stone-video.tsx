import type { DiamondDetail } from '@facet/contracts/catalog';

/**
 * A stone's 360° video: a file plays in the page's own player (muted, looping, as the suppliers'
 * turntables are meant to be seen); anything else is the supplier's player in a sandboxed frame.
 * Only hosts the owner lists ever get here (the API drops others; the page's policy allows no more).
 */
export function StoneVideo({
  video,
  title,
  poster,
}: {
  video: NonNullable<DiamondDetail['video']>;
  title: string;
  poster?: string;
}) {
  return video.kind === 'file' ? (
    <video
      src={video.url}
      poster={poster}
      controls
      autoPlay
      loop
      muted
      playsInline
      className="h-full w-full object-contain"
      aria-label={`360° video of the ${title}`}
      data-testid="stone-video"
    />
  ) : (
    <iframe
      src={video.url}
      title={`360° video of the ${title}`}
      // The supplier's player runs its own scripts, walled off from this page.
      sandbox="allow-scripts allow-same-origin"
      allow="fullscreen"
      referrerPolicy="no-referrer"
      className="h-full w-full border-0"
      data-testid="stone-video"
    />
  );
}
