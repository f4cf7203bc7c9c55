import { Button, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPhotoOff, IconSparkles } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AppHeader } from '../components/AppHeader';
import { Notice } from '../components/Notice';
import { RetryNotice } from '../components/RetryNotice';
import { useEngineWords } from '../lib/engine';
import { useNow } from '../lib/relative-time';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { useCurrentUser } from '../lib/user';
import { PostCard } from './home/PostCard';

/** `/p/{id}`: one published image or video, for anyone who has the link (the server adds its preview tags). */
export function PublicPostPage() {
  const postId = Number(useParams().postId);
  const validId = Number.isSafeInteger(postId) && postId > 0;
  const now = useNow();
  const { data: user } = useCurrentUser();
  const utils = trpc.useUtils();
  const words = useEngineWords();
  const post = trpc.feed.post.useQuery({ postId }, { enabled: validId });
  const like = trpc.feed.like.useMutation({
    onSuccess: ({ liked, likesCount }) =>
      utils.feed.post.setData({ postId }, (data) => data && { ...data, isLiked: liked, likesCount }),
    onError: () => toast({ title: 'Erreur', description: 'Impossible de liker ce post', variant: 'destructive' }),
  });

  const missing = !validId || post.error?.data?.code === 'NOT_FOUND';
  return (
    <>
      <AppHeader />
      <Container component="main" size={560} py="xl" px="md">
        {missing ? (
          <Notice
            titleOrder={1}
            icon={<IconPhotoOff size={28} />}
            title="Publication introuvable"
            description="Ce lien ne mène plus à une création publique : son auteur l'a peut-être retirée."
          >
            <Button component={Link} to="/" radius="xl" variant="light">
              Voir le feed public
            </Button>
          </Notice>
        ) : post.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Chargement de la publication" />
          </Group>
        ) : !post.data ? (
          <RetryNotice title="La publication n'a pas pu être chargée" query={post} />
        ) : (
          <Stack gap="lg">
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              {post.data.description ??
                `${post.data.mediaType === 'video' ? 'Vidéo' : 'Création'} de ${post.data.user.firstName} ${post.data.user.lastName}`}
            </Title>
            <PostCard
              post={{ ...post.data, ...post.data.user, at: post.data.publishedAt }}
              now={now}
              sharedPostId={post.data.id}
              liking={like.isPending}
              onLike={() =>
                user
                  ? like.mutate({ postId, liked: !post.data.isLiked })
                  : toast({
                      title: 'Connexion requise',
                      description: 'Connectez-vous pour liker les posts',
                      variant: 'destructive',
                    })
              }
            />
            <Stack gap="xs" align="center">
              <Text c="dimmed" ta="center">
                {words.invite}
              </Text>
              <Button
                component={Link}
                to="/transform"
                radius="xl"
                variant="gradient"
                gradient={{ from: 'violet', to: 'pink' }}
                leftSection={<IconSparkles size={16} aria-hidden />}
              >
                Créer la vôtre
              </Button>
            </Stack>
          </Stack>
        )}
      </Container>
    </>
  );
}
