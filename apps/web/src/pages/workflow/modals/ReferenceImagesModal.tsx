import type { ReferenceSlotId } from '@atelier/catalog';
import { ActionIcon, Button, Card, FileButton, Group, Modal, SimpleGrid, Slider, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FallbackImage } from '../../../components/FallbackImage';
import { toast } from '../../../lib/toast';
import { IMPORTANCE } from '../model/constants';
import { importances, REFERENCE_SLOTS, withImportances, type ReferenceImages } from '../model/references';
import { uploadReference } from '../upload';

interface ReferenceImagesModalProps {
  opened: boolean;
  onClose: () => void;
  references: ReferenceImages;
  /** Saves the references and builds the composite; false when it failed (the modal stays). */
  onApply: (references: ReferenceImages) => Promise<boolean>;
  hasSourcePhoto: boolean;
}

const percent = (value: number) => `${Math.round(value * 100)} %`;

function ReferenceForm({ references, onApply, onClose, hasSourcePhoto }: Omit<ReferenceImagesModalProps, 'opened'>) {
  const [images, setImages] = useState<Partial<Record<ReferenceSlotId, string>>>(() =>
    Object.fromEntries(Object.entries(references).map(([slot, reference]) => [slot, reference.image])),
  );
  const [weights, setWeights] = useState(() => importances(references));
  const [uploading, setUploading] = useState<ReferenceSlotId | null>(null);
  const [applying, setApplying] = useState(false);

  const upload = async (slot: ReferenceSlotId, file: File) => {
    setUploading(slot);
    try {
      const image = await uploadReference(file, slot);
      setImages((current) => ({ ...current, [slot]: image }));
    } catch (error) {
      toast({ title: "Erreur d'upload", description: (error as Error).message, variant: 'destructive' });
    } finally {
      setUploading(null);
    }
  };

  const apply = async () => {
    setApplying(true);
    const applied = await onApply(withImportances(images, weights));
    setApplying(false);
    if (applied) onClose();
  };

  return (
    <Stack>
      <Text c="dimmed" fz="sm">
        Ajoutez des images pour guider le rendu : elles sont assemblées avec la photo source selon leur importance.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {REFERENCE_SLOTS.map((slot) => {
          const image = images[slot.id];
          return (
            <Card key={slot.id} withBorder radius="md" p="sm" data-testid={`reference-${slot.id}`}>
              <Group justify="space-between" wrap="nowrap" mb={6}>
                <div>
                  <Text fw={700}>{slot.label}</Text>
                  <Text fz="xs" c="dimmed">
                    {slot.hint}
                  </Text>
                </div>
                {image && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Retirer l'image ${slot.label}`}
                    onClick={() => setImages((current) => ({ ...current, [slot.id]: undefined }))}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              {image ? (
                <FallbackImage
                  src={image}
                  alt={`Référence : ${slot.label}`}
                  style={{ width: '100%', height: 110, objectFit: 'cover', borderRadius: 8 }}
                />
              ) : (
                <FileButton accept="image/*" onChange={(file) => file && void upload(slot.id, file)}>
                  {(props) => (
                    <Button
                      {...props}
                      variant="light"
                      fullWidth
                      h={110}
                      loading={uploading === slot.id}
                      leftSection={<IconPhotoPlus size={18} aria-hidden />}
                    >
                      Ajouter une image
                    </Button>
                  )}
                </FileButton>
              )}
              <Group justify="space-between" mt="xs">
                <Text fz="sm">Importance</Text>
                <Text fz="sm" c="dimmed">
                  {percent(weights[slot.id])}
                </Text>
              </Group>
              <Slider
                min={IMPORTANCE.min}
                max={IMPORTANCE.max}
                step={IMPORTANCE.step}
                value={weights[slot.id]}
                onChange={(value) => setWeights((current) => ({ ...current, [slot.id]: value }))}
                label={percent}
                thumbLabel={`Importance : ${slot.label}`}
                color="grape"
              />
            </Card>
          );
        })}
      </SimpleGrid>
      {!hasSourcePhoto && (
        <Text fz="sm" c="orange">
          Ajoutez d'abord une photo source : les références s'assemblent avec elle.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Annuler
        </Button>
        <Button onClick={() => void apply()} loading={applying} disabled={uploading !== null}>
          Appliquer
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Images de Référence': face, body, environment and style pictures, each with its importance. */
export function ReferenceImagesModal({ opened, ...props }: ReferenceImagesModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={props.onClose}
      title="Images de Référence"
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      {opened && <ReferenceForm {...props} />}
    </Modal>
  );
}
