import { ActionIcon, Badge, Box, Button, Card, Group, Modal, SimpleGrid, Tooltip } from '@mantine/core';
import { IconCheck, IconDownload } from '@tabler/icons-react';
import { FallbackImage } from '../../../components/FallbackImage';
import { downloadFile } from '../../../lib/download';
import { downloadNameOf } from '../../../lib/media';
import { useIsPhone } from '../layout';
import './parts.css';

interface SideBySideModalProps {
  opened: boolean;
  before: string | null;
  after: string | null;
  onClose: () => void;
  /** Makes the chosen picture the studio's current one. */
  onUse: (url: string) => void;
}

function Side({ label, url, onUse }: { label: string; url: string; onUse: (url: string) => void }) {
  const name = label.toLowerCase();
  return (
    <Card withBorder radius="lg" p="xs" data-testid="side-by-side-image">
      <Box pos="relative" className="studio-side-frame">
        <FallbackImage
          src={url}
          alt={`Image ${name}`}
          loading="eager"
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
        <Badge pos="absolute" top={8} left={8} variant="filled" color="dark" radius="sm" tt="none">
          {label}
        </Badge>
      </Box>
      <Group gap="xs" mt="xs" wrap="nowrap">
        <Tooltip label="Télécharger">
          <ActionIcon
            variant="default"
            size={36}
            radius="md"
            aria-label={`Télécharger l'image ${name}`}
            onClick={() => void downloadFile({ url, filename: downloadNameOf(url) })}
          >
            <IconDownload size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Button
          flex={1}
          leftSection={<IconCheck size={16} aria-hidden />}
          aria-label={`Utiliser cette image (${name})`}
          onClick={() => onUse(url)}
        >
          Utiliser cette image
        </Button>
      </Group>
    </Card>
  );
}

/** The picture before and after its transformation, next to each other (one above the other on phones). */
export function SideBySideModal({ opened, before, after, onClose, onUse }: SideBySideModalProps) {
  const phone = useIsPhone();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Avant / Après"
      size="xl"
      radius="lg"
      fullScreen={phone}
      centered
      closeButtonProps={{ 'aria-label': 'Fermer' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {before && after && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Side label="Avant" url={before} onUse={onUse} />
          <Side label="Après" url={after} onUse={onUse} />
        </SimpleGrid>
      )}
    </Modal>
  );
}
