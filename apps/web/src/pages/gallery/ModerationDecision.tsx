import { ActionIcon, Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEyeOff } from '@tabler/icons-react';
import type { RouterOutputs } from '../../lib/trpc';
import { trpc } from '../../lib/trpc';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { toastError } from '../../lib/useErrorToast';

type Moderation = NonNullable<RouterOutputs['gallery']['list']['gallery'][number]['moderation']>;

/**
 * On a gallery card whose post the moderation hid: the decision and its statement of reasons, and
 * the one review its owner may ask for.
 */
export function ModerationDecision({ itemId, moderation }: { itemId: number; moderation: Moderation }) {
  const [opened, { open, close }] = useDisclosure(false);
  const utils = trpc.useUtils();
  const review = trpc.moderation.requestReview.useMutation({
    onSuccess: () => {
      toast({ title: 'Demande envoyée', description: "L'équipe de modération réexaminera sa décision." });
      void utils.gallery.list.invalidate();
    },
    onError: (error) => toastError('Demande impossible', error, "La demande n'a pas pu être envoyée."),
  });
  const reviewAsked = moderation.reviewRequestedAt ?? (review.isSuccess ? new Date() : null);
  return (
    <>
      <ActionIcon
        variant="light"
        color="red"
        size={26}
        aria-label="Masquée par la modération"
        title="Masquée par la modération"
        onClick={open}
      >
        <IconEyeOff size={15} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title="Publication masquée par la modération" centered>
        <Stack gap="md">
          <Text fz="sm">
            Le {formatDate(moderation.hiddenAt)}, après un signalement, cette publication a été retirée du fil public :
            elle reste visible pour vous seul.
          </Text>
          <Alert color="red" variant="light" title="Motifs de la décision">
            {moderation.statement}
          </Alert>
          {reviewAsked ? (
            <Text fz="sm" c="dimmed">
              Réexamen demandé le {formatDate(reviewAsked)}.
            </Text>
          ) : (
            <Button variant="light" loading={review.isPending} onClick={() => review.mutate({ id: itemId })}>
              Demander un réexamen
            </Button>
          )}
        </Stack>
      </Modal>
    </>
  );
}
