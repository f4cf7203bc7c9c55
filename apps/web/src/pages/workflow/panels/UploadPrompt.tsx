import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconPhotoUp } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';
import { IMAGE_FILE_MESSAGES } from '../../../lib/image-files';

/** The empty editor: 'Télécharger une photo' (images only); the photo starts the default layout. */
export function UploadPrompt({ onFile, loading }: { onFile: (file: File) => void; loading: boolean }) {
  return (
    <div className="workflow-upload-prompt">
      <Paper withBorder radius="xl" p={0} w="100%" maw={520} shadow="sm">
        <Dropzone
          onDrop={(files) => files[0] && onFile(files[0])}
          onReject={() =>
            toast({
              title: "Erreur d'upload",
              description: IMAGE_FILE_MESSAGES.upload.notImage,
              variant: 'destructive',
            })
          }
          accept={['image/*']}
          multiple={false}
          loading={loading}
          radius="xl"
          p="xl"
          aria-label="Télécharger une photo"
          data-testid="workflow-upload"
          style={{ border: 0 }}
        >
          <Stack align="center" gap="sm" py="xl" style={{ pointerEvents: 'none' }}>
            <ThemeIcon size={72} radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
              <IconPhotoUp size={38} aria-hidden />
            </ThemeIcon>
            <Title order={2} fz={22}>
              Télécharger une photo
            </Title>
            <Text c="dimmed">PNG, JPG jusqu'à 10MB</Text>
            <Text c="dimmed" fz="sm" ta="center" maw={360}>
              Déposez une photo ici ou cliquez pour la choisir : votre workflow s'organise autour d'elle.
            </Text>
          </Stack>
        </Dropzone>
      </Paper>
    </div>
  );
}
