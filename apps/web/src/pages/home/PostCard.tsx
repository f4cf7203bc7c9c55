import { ActionIcon, Avatar, Box, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconHeart, IconHeartFilled, IconMessageCircle, IconShare } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FallbackImage } from '../../components/FallbackImage';
import { ReportButton } from '../../components/ReportButton';
import { sharePost } from '../../lib/publication';
import { relativeTime } from '../../lib/relative-time';

interface Post {
  firstName: string;
  lastName: string;
  /** When it was shared (public feed) or made (own creations). */
  at: Date;
  description: string | null;
  transformedImagePath: string;
  originalImagePath: string | null;
  /** A published video: played in the card, `transformedImagePath` its poster. */
  videoUrl?: string | null;
  likesCount: number;
  isLiked: boolean;
}

interface PostCardProps {
  post: Post;
  /** The current time, shared by every card so they all move on together. */
  now: number;
  /** Absent: the count is shown, without a button. */
  onLike?: () => void;
  liking?: boolean;
  /** The public post's id, which the share button links to; absent for a private item. */
  sharedPostId?: number;
  /** Whether « Signaler » is offered beside the share button: not on one's own creations. */
  reportable?: boolean;
  /** The private tab's publication control. */
  footer?: ReactNode;
}

const initials = (post: Post) => `${post.firstName.trim()[0] ?? ''}${post.lastName.trim()[0] ?? ''}`.toUpperCase();

export function PostCard({
  post,
  now,
  onLike,
  liking = false,
  sharedPostId,
  reportable = true,
  footer,
}: PostCardProps) {
  const author = `${post.firstName} ${post.lastName}`;
  const title = post.description ?? `Création de ${author}`;
  const mediaStyle = { display: 'block', width: '100%', aspectRatio: '1', objectFit: 'cover' } as const;
  return (
    <Card withBorder radius="lg" p={0} data-testid="post-card">
      <Group gap="sm" p="sm" wrap="nowrap">
        <Avatar radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }} aria-hidden>
          {initials(post)}
        </Avatar>
        <Box miw={0}>
          <Text fw={600} fz="sm" truncate="end">
            {author}
          </Text>
          <Text c="dimmed" fz="xs" data-testid="post-time">
            {relativeTime(post.at, now)}
          </Text>
        </Box>
      </Group>
      {post.videoUrl ? (
        <video
          src={post.videoUrl}
          poster={post.transformedImagePath}
          controls
          playsInline
          preload="none"
          aria-label={`Vidéo de ${author}`}
          style={mediaStyle}
        />
      ) : (
        <FallbackImage
          src={post.transformedImagePath}
          fallbackSrc={post.originalImagePath}
          alt={post.description ? `Création : ${post.description}` : `Création de ${author}`}
          style={mediaStyle}
        />
      )}
      <Stack gap="xs" p="sm">
        {post.description && (
          <Text fz="sm" lineClamp={2}>
            {post.description}
          </Text>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Group gap="md" wrap="nowrap">
            {onLike ? (
              <Button
                variant="subtle"
                color={post.isLiked ? 'pink' : 'gray'}
                size="compact-sm"
                leftSection={
                  post.isLiked ? <IconHeartFilled size={18} aria-hidden /> : <IconHeart size={18} aria-hidden />
                }
                onClick={onLike}
                loading={liking}
                aria-label={`${post.likesCount} j'aime`}
                aria-pressed={post.isLiked}
                data-testid="like-button"
              >
                {post.likesCount}
              </Button>
            ) : (
              <Group gap={4} c="dimmed" wrap="nowrap" aria-label={`${post.likesCount} j'aime`} role="img">
                <IconHeart size={18} aria-hidden />
                <Text fz="sm" fw={600}>
                  {post.likesCount}
                </Text>
              </Group>
            )}
            {/* Comments are announced, not built: a plain label, not a button. */}
            <Group gap={4} c="dimmed" wrap="nowrap">
              <IconMessageCircle size={18} aria-hidden />
              <Text fz="sm">Commenter</Text>
            </Group>
          </Group>
          {sharedPostId !== undefined && (
            <Group gap={4} wrap="nowrap">
              {reportable && <ReportButton postId={sharedPostId} />}
              <ActionIcon
                variant="subtle"
                color="gray"
                size={32}
                aria-label="Partager"
                onClick={() => void sharePost(sharedPostId, title)}
                data-testid="share-button"
              >
                <IconShare size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        </Group>
        {footer}
      </Stack>
    </Card>
  );
}

export function PostCardSkeleton() {
  return (
    <Card withBorder radius="lg" p={0} aria-hidden data-testid="post-skeleton">
      <Group gap="sm" p="sm">
        <Skeleton circle h={38} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton h={10} w="50%" />
          <Skeleton h={8} w="25%" />
        </Stack>
      </Group>
      <Skeleton radius={0} style={{ aspectRatio: '1' }} />
      <Stack gap="xs" p="sm">
        <Skeleton h={10} w="80%" />
        <Skeleton h={24} w="40%" />
      </Stack>
    </Card>
  );
}
