import { Badge, Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPhotoPlus, IconUsersGroup, IconWorld, IconWorldOff, IconWorldUpload } from '@tabler/icons-react';
import { useState, type ReactNode, type Ref } from 'react';
import { Link } from 'react-router';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { SignInPrompt } from '../../components/SignInPrompt';
import { useOwnGallery } from '../../lib/gallery';
import { usePublication } from '../../lib/publication';
import { useNow } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/useErrorToast';
import { useCurrentUser, type CurrentUser } from '../../lib/user';
import { PostCard, PostCardSkeleton } from './PostCard';
import { PublishDialog } from '../../components/PublishDialog';
import { MoreButton } from '../../components/MoreButton';

export type CommunityTab = 'public' | 'private';

const FEED_PAGE_SIZE = 20;
const FEED_POLL_MS = 30_000;

const askToSignIn = () =>
  toast({ title: 'Connexion requise', description: 'Connectez-vous pour liker les posts', variant: 'destructive' });

function PostGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {children}
    </SimpleGrid>
  );
}

function Skeletons() {
  return (
    <PostGrid>
      {[0, 1, 2].map((index) => (
        <PostCardSkeleton key={index} />
      ))}
    </PostGrid>
  );
}

function NothingYet({ title, invitation, icon }: { title: string; invitation: string; icon: ReactNode }) {
  return (
    <Notice icon={icon} title={title} description={invitation}>
      <Button component={Link} to="/transform" radius="xl" variant="gradient" gradient={{ from: 'violet', to: 'pink' }}>
        Créer maintenant
      </Button>
    </Notice>
  );
}

/** The public feed, polled every 30 s; likes set the state the viewer asked for. */
function PublicFeed({ signedIn, now }: { signedIn: boolean; now: number }) {
  const utils = trpc.useUtils();
  const feed = trpc.feed.list.useInfiniteQuery(
    { limit: FEED_PAGE_SIZE },
    { getNextPageParam: (page) => page.nextCursor, refetchInterval: FEED_POLL_MS },
  );
  useErrorToast(feed.error, 'Erreur lors du chargement du feed');

  const like = trpc.feed.like.useMutation({
    // The answer is the post's new state: written into the cache rather than refetching every page.
    onSuccess: ({ liked, likesCount }, { postId }) =>
      utils.feed.list.setInfiniteData(
        { limit: FEED_PAGE_SIZE },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              posts: page.posts.map((post) => (post.id === postId ? { ...post, isLiked: liked, likesCount } : post)),
            })),
          },
      ),
    onError: (error) =>
      // A session that ended since the page loaded is refused by the server.
      error.data?.code === 'UNAUTHORIZED'
        ? askToSignIn()
        : toast({ title: 'Erreur', description: 'Impossible de liker ce post', variant: 'destructive' }),
  });

  if (feed.isPending) return <Skeletons />;
  // A failed refetch keeps what was shown; only a first load that failed offers to retry.
  if (!feed.data) return <RetryNotice title="Le feed n'a pas pu être chargé" query={feed} />;
  const posts = feed.data.pages.flatMap((page) => page.posts);
  if (posts.length === 0) {
    return (
      <NothingYet
        icon={<IconUsersGroup size={28} />}
        title="Aucun contenu public"
        invitation="Soyez le premier à partager une création avec la communauté !"
      />
    );
  }
  return (
    <>
      <PostGrid>
        {posts.map((post) => (
          <PostCard
            key={post.id}
            post={{ ...post, ...post.user, at: post.publishedAt }}
            now={now}
            sharedPostId={post.id}
            liking={like.isPending && like.variables?.postId === post.id}
            onLike={() => {
              if (signedIn) like.mutate({ postId: post.id, liked: !post.isLiked });
              else askToSignIn();
            }}
          />
        ))}
      </PostGrid>
      <MoreButton query={feed} mt="lg" />
    </>
  );
}

/** The user's own gallery as posts, each publishable. */
function OwnCreations({ user, now }: { user: CurrentUser; now: number }) {
  const { query, items } = useOwnGallery(user.id);
  const [publishing, setPublishing] = useState<(typeof items)[number] | null>(null);
  const { publishImage: publish, unpublish } = usePublication();

  if (query.isPending) return <Skeletons />;
  if (!query.data) return <RetryNotice title="Vos créations n'ont pas pu être chargées" query={query} />;
  if (items.length === 0) {
    return (
      <NothingYet
        icon={<IconPhotoPlus size={28} />}
        title="Aucune création personnelle"
        invitation="Transformez votre première photo : elle apparaîtra ici, prête à être partagée."
      />
    );
  }
  return (
    <>
      <PostGrid>
        {items.map((item) => (
          // Gallery items do not say whether the owner liked them: the count is shown, the button stays off.
          <PostCard
            key={item.id}
            post={{ ...item, firstName: user.firstName, lastName: user.lastName, at: item.createdAt, isLiked: false }}
            now={now}
            sharedPostId={item.isPublic ? item.id : undefined}
            reportable={false}
            footer={
              item.isPublic ? (
                <Group justify="space-between" wrap="nowrap">
                  <Badge variant="light" color="teal" leftSection={<IconWorld size={12} aria-hidden />}>
                    Publié
                  </Badge>
                  <Button
                    variant="subtle"
                    color="gray"
                    size="compact-sm"
                    leftSection={<IconWorldOff size={14} aria-hidden />}
                    loading={unpublish.isPending && unpublish.variables?.postId === item.id}
                    onClick={() => unpublish.mutate({ postId: item.id })}
                  >
                    Retirer
                  </Button>
                </Group>
              ) : (
                <Button
                  variant="light"
                  radius="xl"
                  leftSection={<IconWorldUpload size={16} aria-hidden />}
                  onClick={() => setPublishing(item)}
                >
                  Rendre public
                </Button>
              )
            }
          />
        ))}
      </PostGrid>
      <MoreButton query={query} mt="lg" />
      <PublishDialog item={publishing} publish={publish} onClose={() => setPublishing(null)} />
    </>
  );
}

interface CommunitySectionProps {
  tab: CommunityTab;
  onTabChange: (tab: CommunityTab) => void;
  ref: Ref<HTMLElement>;
}

export function CommunitySection({ tab, onTabChange, ref }: CommunitySectionProps) {
  const { data: user, isPending } = useCurrentUser();
  const now = useNow();
  return (
    <section ref={ref} id="community" className="home-section">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="md">
          <div>
            <Title order={2} fz={{ base: 26, sm: 32 }}>
              Communauté
            </Title>
            <Text c="dimmed">Les créations partagées par les artistes d'Atelier, et les vôtres.</Text>
          </div>
          <SegmentedControl
            radius="xl"
            value={tab}
            onChange={(value) => onTabChange(value)}
            data={[
              { value: 'public', label: 'Feed Public' },
              { value: 'private', label: 'Mes Créations' },
            ]}
            aria-label="Créations affichées"
          />
        </Group>
        {tab === 'public' ? (
          <PublicFeed signedIn={Boolean(user)} now={now} />
        ) : isPending ? (
          <Skeletons />
        ) : user ? (
          <OwnCreations user={user} now={now} />
        ) : (
          <SignInPrompt
            title="Vos créations vous attendent"
            description="Connectez-vous pour retrouver vos transformations et les partager."
          />
        )}
      </Stack>
    </section>
  );
}
