import { Box, Button, Card, Container, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconPhotoOff, IconPhotoQuestion } from '@tabler/icons-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { AppHeader } from '../../components/AppHeader';
import { Notice } from '../../components/Notice';
import { downloadFile } from '../../lib/download';

type LoadState = 'loading' | 'loaded' | 'failed';

/** The server's one side-by-side picture: the original on the left, the current image on the right. */
function Composite({ filename }: { filename: string }) {
  const src = `/api/view-stitch/${encodeURIComponent(filename)}`;
  const [state, setState] = useState<LoadState>('loading');

  if (state === 'failed') {
    return (
      <Notice
        icon={<IconPhotoOff size={28} />}
        title="Image non disponible"
        description="Cette comparaison n'existe pas ou ne vous est pas accessible."
      />
    );
  }
  return (
    <Card withBorder radius="lg" p={{ base: 'xs', sm: 'md' }}>
      <SimpleGrid cols={2} mb="xs">
        <Text fw={600} fz="sm" ta="center">
          Original
        </Text>
        <Text fw={600} fz="sm" ta="center">
          Image actuelle
        </Text>
      </SimpleGrid>
      {state === 'loading' && <Skeleton radius="md" style={{ aspectRatio: '2' }} />}
      <Box
        component="img"
        src={src}
        alt="Comparaison : l'original à gauche, l'image actuelle à droite"
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        display={state === 'loaded' ? 'block' : 'none'}
        w="100%"
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
      {state === 'loaded' && (
        <Group justify="flex-end" mt="sm">
          <Button
            variant="light"
            radius="xl"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void downloadFile({ url: src, filename: `atelier-avant-apres-${filename}` })}
          >
            Télécharger
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** `/stitch/{filename}`: a transformation result beside its original. */
export function StitchPage() {
  const { filename } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from a link in the app: back where the user was; opened directly: their gallery.
  const goBack = () => (location.key === 'default' ? navigate('/gallery') : navigate(-1));

  return (
    <>
      <AppHeader />
      <Container component="main" size="lg" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="center" mb="lg" wrap="nowrap">
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            Avant / après
          </Title>
          <Button variant="default" radius="xl" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={goBack}>
            Retour
          </Button>
        </Group>
        {filename ? (
          <Composite key={filename} filename={filename} />
        ) : (
          <Notice
            icon={<IconPhotoQuestion size={28} />}
            title="Aucune image spécifiée"
            description="Ouvrez une comparaison depuis votre bibliothèque."
          />
        )}
      </Container>
    </>
  );
}
