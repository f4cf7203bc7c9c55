import { videoTitleOf } from '@atelier/catalog';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload, IconHome, IconMovie, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { FallbackImage } from '../../components/FallbackImage';
import { VideoViewer } from '../../components/MediaViewer';
import { Notice } from '../../components/Notice';
import { PublicationActions } from '../../components/PublicationActions';
import { RetryNotice } from '../../components/RetryNotice';
import { downloadFile } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { describeJob, useJobsInProgress, type JobProgress } from '../../lib/jobs';
import { useRefetchOnNewVersion, videoDeletionQuestion } from '../../lib/gallery';
import { usePublication } from '../../lib/publication';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useUndoableDeletion } from '../../lib/undoable-deletion';
import { toastError, useErrorToast } from '../../lib/useErrorToast';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';

type Video = RouterOutputs['videos']['list']['videos'][number];

/** The newest videos: the list is not paginated on this page. */
const VIDEOS_SHOWN = 100;
/** The spec's address of a video still being made. */
const PENDING_VIDEO_URL = '{address}';

const isReady = (video: Video) => video.isAccessible && !video.videoUrl.startsWith(PENDING_VIDEO_URL);
const downloadOf = (video: Video) => ({
  url: `/api/videos/download/${video.id}`,
  filename: `atelier-video-${video.id}.mp4`,
});

/** The user's newest videos; `pollMs` polls the list's version tag and reloads it on change. */
export function useOwnVideos(userId: number | undefined, { pollMs = false }: { pollMs?: number | false } = {}) {
  const input = { userId: userId ?? 0, limit: VIDEOS_SHOWN };
  const query = trpc.videos.list.useQuery(input, { enabled: userId !== undefined });
  useErrorToast(query.error, 'Erreur lors du chargement des vidéos');
  const version = trpc.videos.version.useQuery(input, {
    enabled: userId !== undefined && pollMs !== false,
    refetchInterval: pollMs,
  });
  useRefetchOnNewVersion(version.data?.version, query.data?.version, query.refetch);
  return query;
}

interface VideoCardProps {
  video: Video;
  /** Its generation's progress while it is made, live from the server. */
  progress: JobProgress | undefined;
  onPlay: () => void;
  onDelete: () => void;
  /** Publishing, sharing and unpublishing its public page. */
  publication: ReactNode;
}

/** One card a row on phones, two then three on wider screens. */
const POSTER_SIZES = '(max-width: 36em) 100vw, (max-width: 62em) 50vw, 400px';

function VideoCard({ video, progress, onPlay, onDelete, publication }: VideoCardProps) {
  const ready = isReady(video);
  return (
    <Card withBorder radius="lg" p={0} data-testid="video-card">
      <Box
        pos="relative"
        style={{ aspectRatio: '16 / 9', overflow: 'hidden', background: 'var(--mantine-color-dark-7)' }}
      >
        <FallbackImage
          src={video.thumbnailPath ?? video.sourceImage}
          alt=""
          previewSizes={POSTER_SIZES}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover', objectPosition: 'center 30%' }}
        />
        <Center pos="absolute" inset={0} style={{ background: ready ? 'rgba(0, 0, 0, 0.15)' : 'rgba(0, 0, 0, 0.55)' }}>
          {ready ? (
            <ActionIcon size={56} radius="xl" variant="white" color="dark" aria-label="Lire la vidéo" onClick={onPlay}>
              <IconPlayerPlayFilled size={26} aria-hidden />
            </ActionIcon>
          ) : (
            <Stack align="center" gap={6}>
              <Badge size="lg" color="yellow" c="dark" variant="filled" leftSection={<Loader size={12} color="dark" />}>
                EN COURS
              </Badge>
              {progress && (
                <>
                  <Text c="white" fz="xs" fw={600} data-testid="video-progress">
                    {describeJob(progress)}
                  </Text>
                  <Progress
                    value={progress.progress}
                    w={140}
                    size="xs"
                    color="yellow"
                    radius="xl"
                    aria-label="Progression de la vidéo"
                  />
                </>
              )}
            </Stack>
          )}
        </Center>
        <Badge
          pos="absolute"
          top={8}
          left={8}
          variant="filled"
          color="dark"
          radius="sm"
          tt="none"
          data-testid="video-source"
        >
          {video.source}
        </Badge>
      </Box>
      <Stack gap={6} p="sm">
        <Box miw={0}>
          <Text fw={600} fz="sm" truncate="end" title={videoTitleOf(video.prompt)}>
            {videoTitleOf(video.prompt)}
          </Text>
          <Text c="dimmed" fz="xs">
            {video.duration} s · {video.resolution} · {formatDate(video.createdAt)}
          </Text>
        </Box>
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconPlayerPlayFilled size={12} aria-hidden />}
            disabled={!ready}
            onClick={onPlay}
          >
            Lire
          </Button>
          <ActionIcon
            variant="default"
            size={26}
            aria-label="Télécharger la vidéo"
            disabled={!ready}
            onClick={() => void downloadFile(downloadOf(video), 'Impossible de télécharger la vidéo')}
          >
            <IconDownload size={15} aria-hidden />
          </ActionIcon>
          {publication}
          <ConfirmDeleteButton
            label="Supprimer la vidéo"
            question={videoDeletionQuestion(video.post?.isPublic ?? false)}
            onConfirm={onDelete}
          />
        </Group>
      </Stack>
    </Card>
  );
}

interface VideosTabProps {
  videos: ReturnType<typeof useOwnVideos>;
  /** The empty list offers the way home (not inside the studio, which is where videos are made). */
  homeLink?: boolean;
}

export function VideosTab({ videos, homeLink = true }: VideosTabProps) {
  const utils = trpc.useUtils();
  // While a video is being made, its progress streams in, and the list reloads the moment it is done.
  const making = videos.data?.videos.some((video) => !isReady(video) && video.status === 'pending') ?? false;
  const inProgress = useJobsInProgress(making, (job) => {
    if (job.kind === 'video') void utils.videos.list.invalidate();
  });
  // A job that started on a card shown before it had one: the list learns which card it fills.
  const cardless = inProgress.some(
    (job) => job.kind === 'video' && !videos.data?.videos.some((video) => video.jobId === job.id),
  );
  useEffect(() => {
    if (cardless) void utils.videos.list.invalidate();
  }, [cardless, utils]);
  const [playing, setPlaying] = useState<Video | null>(null);
  const { publishVideo, unpublish } = usePublication();
  // Like an image, a deleted video can be taken back from its toast for a few seconds.
  const { deleteLater, remaining, restore } = useUndoableDeletion(videos.data?.videos ?? [], {
    send: (ids) => ids.forEach((id) => remove.mutate({ id })),
    sendOnExit: (ids) => ids.forEach((id) => void fetch(`/api/videos/${id}`, { method: 'DELETE', keepalive: true })),
    told: () => ({ title: 'Vidéo supprimée' }),
  });
  const remove = trpc.videos.delete.useMutation({
    onSuccess: () => {
      void utils.videos.list.invalidate();
      // A published video leaves the feed with it.
      void utils.feed.list.invalidate();
    },
    onError: (error, { id }) => {
      restore([Number(id)]);
      toastError('Erreur lors de la suppression de la vidéo', error);
    },
  });

  if (videos.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} radius="lg" h={260} />
        ))}
      </SimpleGrid>
    );
  }
  if (!videos.data) return <RetryNotice title="Vos vidéos n'ont pas pu être chargées" query={videos} />;
  if (remaining.length === 0) {
    return (
      <Notice
        icon={<IconMovie size={28} />}
        title="Aucune vidéo"
        description="Les vidéos générées depuis le studio apparaîtront ici."
      >
        {homeLink && (
          <Button component={Link} to="/" radius="xl" variant="light" leftSection={<IconHome size={16} aria-hidden />}>
            Retour à l'accueil
          </Button>
        )}
      </Notice>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing={{ base: 'sm', sm: 'md' }}>
        {remaining.map((video) => (
          <VideoCard
            key={video.id}
            video={video}
            progress={inProgress.find((job) => job.id === video.jobId)}
            onPlay={() => setPlaying(video)}
            onDelete={() => deleteLater([video.id])}
            publication={
              <PublicationActions
                publicPostId={video.post?.isPublic ? video.post.id : null}
                title={video.prompt || 'Vidéo'}
                disabled={!isReady(video)}
                busy={
                  (publishVideo.isPending && publishVideo.variables?.id === video.id) ||
                  (unpublish.isPending && unpublish.variables?.postId === video.post?.id)
                }
                onPublish={() => publishVideo.mutate({ id: video.id })}
                onUnpublish={(postId) => unpublish.mutate({ postId })}
              />
            }
          />
        ))}
      </SimpleGrid>
      <VideoViewer
        video={
          playing && {
            src: playing.videoUrl,
            poster: playing.thumbnailPath,
            title: videoTitleOf(playing.prompt),
            download: downloadOf(playing),
          }
        }
        onClose={() => setPlaying(null)}
      />
    </>
  );
}
