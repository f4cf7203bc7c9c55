import { Badge, Button, Card, Group, Image, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconFlagOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Notice } from '../../components/Notice';
import { RetryNotice } from '../../components/RetryNotice';
import { formatDateTime } from '../../lib/format';
import { reportReasonLabel } from '../../lib/report-reasons';
import { toast } from '../../lib/toast';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { toastError } from '../../lib/useErrorToast';

type ReportedPost = RouterOutputs['admin']['reports']['reports'][number];

const STATUSES = [
  { value: 'open', label: 'À traiter' },
  { value: 'upheld', label: 'Masquées' },
  { value: 'dismissed', label: 'Classées' },
] as const;
type Status = (typeof STATUSES)[number]['value'];

const MAX_STATEMENT = 2000;

/** The reported posts, one card each, the oldest first: decide, or restore what was hidden. */
export function ReportsPanel() {
  const [status, setStatus] = useState<Status>('open');
  const reports = trpc.admin.reports.useQuery({ status });
  return (
    <Stack gap="md">
      <SegmentedControl
        data={[...STATUSES]}
        value={status}
        onChange={(value) => setStatus(value)}
        style={{ alignSelf: 'flex-start' }}
      />
      {reports.isPending ? null : !reports.data ? (
        <RetryNotice title="Les signalements n'ont pas pu être chargés" query={reports} />
      ) : reports.data.reports.length === 0 ? (
        <Notice icon={<IconFlagOff size={28} />} title="Aucun signalement" description="Rien à examiner ici." />
      ) : (
        reports.data.reports.map((line) => <ReportCard key={line.post.id} line={line} />)
      )}
    </Stack>
  );
}

function ReportCard({ line }: { line: ReportedPost }) {
  const [statement, setStatement] = useState('');
  const utils = trpc.useUtils();
  const done = (title: string) => {
    toast({ title });
    setStatement('');
    void utils.admin.reports.invalidate();
  };
  const decide = trpc.admin.decide.useMutation({
    onSuccess: (_result, { action }) => done(action === 'hide' ? 'Publication masquée' : 'Signalement classé'),
    onError: (error) => toastError('Décision impossible', error),
  });
  const restore = trpc.admin.restorePost.useMutation({
    onSuccess: () => done('Publication rétablie'),
    onError: (error) => toastError('Rétablissement impossible', error),
  });
  const { post } = line;
  const open = line.status === 'open';
  const hidden = post.hiddenBy === 'moderation';
  return (
    <Card withBorder radius="md" p="md">
      <Group align="flex-start" wrap="wrap" gap="md">
        <Image
          src={post.transformedImagePath}
          alt={`Publication signalée de ${post.owner.firstName} ${post.owner.lastName}`}
          w={{ base: '100%', xs: 160 }}
          h={160}
          radius="sm"
          fit="cover"
          fallbackSrc="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E"
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 240 }}>
          <Group gap="xs">
            <Text fw={600}>
              Publication n° {post.id} · {line.count} signalement{line.count > 1 ? 's' : ''}
            </Text>
            {post.reviewRequestedAt && (
              <Badge color="orange" variant="light">
                Réexamen demandé le {formatDateTime(post.reviewRequestedAt)}
              </Badge>
            )}
          </Group>
          <Text fz="sm" c="dimmed">
            De {post.owner.firstName} {post.owner.lastName} ({post.owner.email}) · signalée du{' '}
            {formatDateTime(line.firstReportedAt)} au {formatDateTime(line.lastReportedAt)}
          </Text>
          <Group gap={6}>
            {line.reasons.map(({ reason, count }) => (
              <Badge key={reason} color="red" variant="light">
                {reportReasonLabel(reason)} × {count}
              </Badge>
            ))}
          </Group>
          {line.details.map((detail, index) => (
            <Text key={index} fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
              « {detail} »
            </Text>
          ))}
          {post.moderationStatement && (
            <Text fz="sm">
              <b>Motifs :</b> {post.moderationStatement}
            </Text>
          )}
          {(open || hidden) && (
            <>
              <Textarea
                label={
                  open
                    ? 'Motivation de la décision (lue par l’auteur si la publication est masquée)'
                    : 'Motif du rétablissement'
                }
                autosize
                minRows={2}
                maxLength={MAX_STATEMENT}
                value={statement}
                onChange={(event) => setStatement(event.currentTarget.value)}
              />
              <Group gap="xs">
                {open ? (
                  <>
                    <Button
                      color="red"
                      disabled={!statement.trim()}
                      loading={decide.isPending && decide.variables.action === 'hide'}
                      onClick={() => decide.mutate({ reportId: line.reportId, action: 'hide', statement })}
                    >
                      Masquer
                    </Button>
                    <Button
                      variant="default"
                      disabled={!statement.trim()}
                      loading={decide.isPending && decide.variables.action === 'dismiss'}
                      onClick={() => decide.mutate({ reportId: line.reportId, action: 'dismiss', statement })}
                    >
                      Classer sans suite
                    </Button>
                  </>
                ) : (
                  <Button
                    variant="light"
                    disabled={!statement.trim()}
                    loading={restore.isPending}
                    onClick={() => restore.mutate({ postId: post.id, reason: statement })}
                  >
                    Rétablir la publication
                  </Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
