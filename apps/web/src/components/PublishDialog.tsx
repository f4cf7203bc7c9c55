import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';

interface PublishDialogProps {
  /** Whether the item keeps its untouched original beside the result. */
  hasOriginal: boolean;
  publishing: boolean;
  onPublish: (withOriginal: boolean) => void;
  onClose: () => void;
}

/** Asked at the moment of publishing: what goes public, the original included or the result alone. */
export function PublishDialog({ hasOriginal, publishing, onPublish, onClose }: PublishDialogProps) {
  const [withOriginal, setWithOriginal] = useState(hasOriginal);
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
          <Button loading={publishing} onClick={() => onPublish(hasOriginal && withOriginal)}>
            Publier
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
