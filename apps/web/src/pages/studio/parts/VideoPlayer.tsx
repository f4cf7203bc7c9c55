import { VideoViewer } from '../../../components/MediaViewer';
import { downloadNameOf } from '../../../lib/media';

/** The video just generated in the studio, played full screen. */
export function VideoPlayerModal({
  url,
  onClose,
  title = 'Vidéo générée',
}: {
  url: string | null;
  onClose: () => void;
  title?: string;
}) {
  return (
    <VideoViewer
      video={url ? { src: url, title, download: { url, filename: downloadNameOf(url) } } : null}
      onClose={onClose}
    />
  );
}
