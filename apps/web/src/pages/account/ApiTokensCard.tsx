import { API_TOKEN_SCOPE_LABELS, apiTokenCreateSchema, type ApiTokenScopeName } from '@atelier/catalog';
import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ConfirmPopover } from '../../components/ConfirmPopover';
import { formatDate } from '../../lib/format';
import { relativeTime, useNow } from '../../lib/relative-time';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { toastError } from '../../lib/useErrorToast';

const SCOPES = Object.entries(API_TOKEN_SCOPE_LABELS).map(([value, label]) => ({ value, label }));

/** Personal API tokens for scripts and other apps: the token itself is shown once, at creation. */
export function ApiTokensCard() {
  const utils = trpc.useUtils();
  const now = useNow();
  const tokens = trpc.apiTokens.list.useQuery();
  const [created, setCreated] = useState<string | null>(null);
  const form = useZodForm(apiTokenCreateSchema, { name: '', scope: 'read' });
  const create = trpc.apiTokens.create.useMutation({
    onSuccess: ({ token }) => {
      setCreated(token);
      form.reset();
      void utils.apiTokens.list.invalidate();
    },
    onError: (error) => toastError('Impossible de créer le jeton.', error),
  });
  const revoke = trpc.apiTokens.revoke.useMutation({
    onSuccess: () => {
      toast({ title: 'Jeton révoqué' });
      void utils.apiTokens.list.invalidate();
    },
    onError: (error) => toastError('Impossible de révoquer le jeton.', error),
  });

  const revokeAll = trpc.apiTokens.revokeAll.useMutation({
    onSuccess: ({ revoked }) => {
      toast({ title: revoked === 1 ? 'Le jeton a été révoqué' : `Les ${revoked} jetons ont été révoqués` });
      void utils.apiTokens.list.invalidate();
    },
    onError: (error) => toastError('Impossible de révoquer les jetons.', error),
  });
  const count = tokens.data?.tokens.length ?? 0;

  return (
    <Card withBorder radius="lg" p="lg" data-testid="api-tokens">
      <Title order={2} fz="lg" mb={4}>
        Jetons d'API
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Pour vos scripts et applications : envoyez le jeton dans l'en-tête <Code>Authorization: Bearer …</Code> des
        appels à <Code>/api</Code>.
      </Text>
      {created && (
        <Alert
          color="green"
          mb="md"
          title="Jeton créé"
          withCloseButton
          onClose={() => setCreated(null)}
          closeButtonLabel="Masquer le jeton"
        >
          <Text fz="sm" mb="xs">
            Copiez-le maintenant : il ne sera plus jamais affiché.
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="created-token" style={{ wordBreak: 'break-all' }}>
              {created}
            </Code>
            <CopyButton value={created}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy}>
                  {copied ? 'Copié' : 'Copier'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      <form noValidate onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Stack gap="sm">
          <TextInput label="Nom du jeton" placeholder="Mon script" {...form.field('name')} />
          <div>
            <Text fz="sm" fw={500} mb={4}>
              Portée
            </Text>
            {/* Full width, labels wrapping: the generate scope's label is longer than half a phone. */}
            <SegmentedControl
              fullWidth
              data={SCOPES}
              value={form.values.scope}
              onChange={(value) => form.setField('scope', value as ApiTokenScopeName)}
              styles={{ label: { whiteSpace: 'normal' } }}
            />
          </div>
          <Group justify="flex-end">
            <Button type="submit" loading={create.isPending}>
              Créer un jeton
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap="xs" mt="md">
        {tokens.data?.tokens.length === 0 && (
          <Text fz="sm" c="dimmed">
            Aucun jeton pour l'instant.
          </Text>
        )}
        {tokens.data?.tokens.map((token) => (
          <Group key={token.id} justify="space-between" wrap="nowrap" data-testid="token-row">
            <div>
              <Group gap="xs">
                <Text fw={600}>{token.name}</Text>
                <Badge variant="light" size="sm">
                  {API_TOKEN_SCOPE_LABELS[token.scope]}
                </Badge>
              </Group>
              <Text fz="xs" c="dimmed">
                <Code>{token.prefix}…</Code> · créé le {formatDate(token.createdAt)} ·{' '}
                {token.lastUsedAt ? `dernière utilisation : ${relativeTime(token.lastUsedAt, now)}` : 'jamais utilisé'}
              </Text>
            </div>
            <Button
              variant="subtle"
              color="red"
              size="xs"
              onClick={() => revoke.mutate({ id: token.id })}
              loading={revoke.isPending && revoke.variables.id === token.id}
              aria-label={`Révoquer ${token.name}`}
            >
              Révoquer
            </Button>
          </Group>
        ))}
      </Stack>
      {count > 0 && (
        <Group justify="flex-end" mt="md">
          <ConfirmPopover
            question={`${count === 1 ? 'Révoquer ce jeton ?' : `Révoquer les ${count} jetons ?`} Les scripts qui s'en servent n'auront plus accès à votre compte.`}
            onConfirm={() => revokeAll.mutate()}
            target={(toggle) => (
              <Button color="red" variant="light" onClick={toggle} loading={revokeAll.isPending} mih={44}>
                Révoquer tous les jetons
              </Button>
            )}
          />
        </Group>
      )}
    </Card>
  );
}
