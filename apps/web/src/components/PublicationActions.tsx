import { ActionIcon } from '@mantine/core';
import { IconShare, IconWorldOff, IconWorldUpload } from '@tabler/icons-react';
import { sharePost } from '../lib/publication';

interface PublicationActionsProps {
  /** The post's id while it is public; null while private. */
  publicPostId: number | null;
  /** Shared with the link and shown in previews. */
  title: string;
  disabled?: boolean;
  busy: boolean;
  onPublish: () => void;
  onUnpublish: (postId: number) => void;
}

/** A gallery card's publication buttons: publish, or share the public page and take it down. */
export function PublicationActions({
  publicPostId,
  title,
  disabled = false,
  busy,
  onPublish,
  onUnpublish,
}: PublicationActionsProps) {
  if (publicPostId === null) {
    return (
      <ActionIcon
        variant="default"
        size={26}
        aria-label="Rendre public"
        disabled={disabled}
        loading={busy}
        onClick={onPublish}
      >
        <IconWorldUpload size={15} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <>
      <ActionIcon variant="default" size={26} aria-label="Partager" onClick={() => void sharePost(publicPostId, title)}>
        <IconShare size={15} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="default"
        size={26}
        aria-label="Retirer la publication"
        loading={busy}
        onClick={() => onUnpublish(publicPostId)}
      >
        <IconWorldOff size={15} aria-hidden />
      </ActionIcon>
    </>
  );
}
