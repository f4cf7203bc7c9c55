import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { usePublication } from '../lib/publication';

interface PublishDialogProps {
  /** The gallery item about to be published; nothing shows without one. */
  item: { id: number; originalImagePath: string | null } | null;
  publish: ReturnType<typeof usePublication>['publishImage'];
  onClose: () => void;
}

/** Asked at the moment of publishing: what goes public, the original included or the result alone. */
export function PublishDialog({ item, publish, onClose }: PublishDialogProps) {
  return item && <PublishQuestion key={item.id} item={item} publish={publish} onClose={onClose} />;
}

function PublishQuestion({
  item,
  publish,
  onClose,
}: PublishDialogProps & { item: NonNullable<PublishDialogProps['item']> }) {
  const hasOriginal = item.originalImagePath !== null;
  // Private unless asked: the raw upload is shown nowhere, and publishing it would make it downloadable by anyone.
  const [withOriginal, setWithOriginal] = useState(false);
  return (
    <Modal opened onClose={onClose} title="Rendre cette création publique" centered>
      <Stack gap="md">
        <Text size="sm">Le résultat sera visible de tous dans le Feed Public, avec votre nom.</Text>
        {hasOriginal && (
          <>
            <Text size="sm" fw={500}>
              {withOriginal
                ? 'Votre photo d’origine, telle que vous l’avez envoyée, sera aussi visible de tous.'
                : 'Votre photo d’origine restera privée : seul le résultat sera publié.'}
            </Text>
            <Checkbox
              checked={withOriginal}
              onChange={(event) => setWithOriginal(event.currentTarget.checked)}
              label="Publier aussi la photo d’origine"
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Annuler
          </Button>
          <Button
            loading={publish.isPending}
            onClick={() =>
              publish.mutate({ postId: item.id, withOriginal: hasOriginal && withOriginal }, { onSuccess: onClose })
            }
          >
            Publier
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
