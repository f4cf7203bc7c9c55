import { ActionIcon, Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { REPORT_REASONS, type ReportReason } from '../lib/report-reasons';
import { toast } from '../lib/toast';
import { trpc } from '../lib/trpc';
import { toastError } from '../lib/useErrorToast';

const MAX_DETAILS = 1000;

/** « Signaler » on a public post: anyone, signed in or not, may tell the moderation why it should go. */
export function ReportButton({ postId }: { postId: number }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const report = trpc.moderation.report.useMutation({
    onSuccess: ({ message }) => {
      toast({ title: 'Signalement envoyé', description: message });
      close();
      setReason(null);
      setDetails('');
    },
    onError: (error) => toastError('Signalement impossible', error, "Le signalement n'a pas pu être envoyé."),
  });
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={32}
        aria-label="Signaler"
        title="Signaler"
        onClick={open}
        data-testid="report-button"
      >
        <IconFlag size={18} aria-hidden />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title="Signaler cette publication" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason) report.mutate({ postId, reason, details: details.trim() || undefined });
          }}
        >
          <Stack gap="md">
            <Text fz="sm" c="dimmed">
              L'équipe de modération examine chaque signalement. Votre identité n'est pas communiquée à l'auteur.
            </Text>
            <Radio.Group label="Motif" required value={reason} onChange={(value) => setReason(value)}>
              <Stack gap={8} mt={6}>
                {REPORT_REASONS.map(({ value, label }) => (
                  <Radio key={value} value={value} label={label} />
                ))}
              </Stack>
            </Radio.Group>
            <Textarea
              label="Précisions (facultatif)"
              autosize
              minRows={2}
              maxLength={MAX_DETAILS}
              value={details}
              onChange={(event) => setDetails(event.currentTarget.value)}
              description={`${details.length} / ${MAX_DETAILS}`}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit" color="red" disabled={!reason} loading={report.isPending}>
                Signaler
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
