import { toast } from './toast';
import { trpc } from './trpc';

/** The public page of a published image or video. */
export const postPageUrl = (postId: number) => new URL(`/p/${postId}`, window.location.origin).href;

/**
 * Shares a post's public page: the device's share sheet where the browser has one (phones), the
 * clipboard elsewhere. Closing the share sheet is not an error.
 */
export async function sharePost(postId: number, title: string): Promise<void> {
  const url = postPageUrl(postId);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Lien copié', description: 'Le lien de la page publique est dans le presse-papiers.' });
  } catch {
    toast({ title: 'Impossible de copier le lien', description: url, variant: 'destructive' });
  }
}

/** Publishing and unpublishing images and videos, each told by a toast; every list showing them is refreshed. */
export function usePublication() {
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.gallery.list.invalidate();
    void utils.videos.list.invalidate();
    void utils.feed.list.invalidate();
  };
  const published = () => {
    toast({ title: 'Succès', description: 'Votre création a été publiée !' });
    refresh();
  };
  const failedToPublish = () =>
    toast({ title: 'Erreur', description: 'Impossible de publier ce post', variant: 'destructive' });
  const publishImage = trpc.feed.publish.useMutation({ onSuccess: published, onError: failedToPublish });
  const publishVideo = trpc.videos.publish.useMutation({ onSuccess: published, onError: failedToPublish });
  const unpublish = trpc.feed.unpublish.useMutation({
    onSuccess: () => {
      toast({ title: 'Publication retirée', description: "Elle n'est plus visible dans le feed ni par son lien." });
      refresh();
    },
    onError: () =>
      toast({ title: 'Erreur', description: 'Impossible de retirer cette publication', variant: 'destructive' }),
  });
  return { publishImage, publishVideo, unpublish };
}
