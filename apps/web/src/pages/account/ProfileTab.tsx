import { accountFormSchema } from '@atelier/catalog';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCredits, formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { toastError } from '../../lib/useErrorToast';

type Account = RouterOutputs['account']['get']['user'];

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

function EditProfileForm({ account, onDone }: { account: Account; onDone: () => void }) {
  const utils = trpc.useUtils();
  const form = useZodForm(accountFormSchema, {
    username: account.username,
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const update = trpc.account.update.useMutation({
    onSuccess: () => {
      toast({ title: 'Profil mis à jour' });
      void utils.account.get.invalidate();
      void utils.auth.me.invalidate();
      onDone();
    },
    onError: (error) => {
      const fieldErrors = error.data?.fieldErrors;
      if (fieldErrors) form.setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k, v[0]])));
      toastError('Impossible de mettre à jour le profil.', error);
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(({ username, currentPassword, newPassword }) =>
        update.mutate({ username, currentPassword, newPassword }),
      )}
    >
      <Stack gap="sm">
        <TextInput label="Nom d'utilisateur" {...form.field('username')} />
        <PasswordInput label="Mot de passe actuel" autoComplete="current-password" {...form.field('currentPassword')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <PasswordInput
            label="Nouveau mot de passe"
            description="Laissez vide pour garder l'actuel"
            autoComplete="new-password"
            {...form.field('newPassword')}
          />
          <PasswordInput
            label="Confirmer le mot de passe"
            autoComplete="new-password"
            {...form.field('confirmPassword')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onDone}>
            Annuler
          </Button>
          <Button type="submit" loading={update.isPending}>
            Enregistrer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ProfileTab({
  account,
  onLogout,
  loggingOut,
}: {
  account: Account;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between" mb="md">
          <Title order={2} fz="lg">
            Profil
          </Title>
          <ActionIcon
            variant={editing ? 'filled' : 'light'}
            size="lg"
            radius="xl"
            onClick={() => setEditing(!editing)}
            aria-label="Modifier le profil"
            data-testid="edit-profile"
          >
            <IconPencil size={18} aria-hidden />
          </ActionIcon>
        </Group>
        {editing ? (
          <EditProfileForm account={account} onDone={() => setEditing(false)} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            <Field label="Nom" value={`${account.firstName} ${account.lastName}`} testId="profile-name" />
            <Field label="E-mail" value={account.email} testId="profile-email" />
            <Field label="Nom d'utilisateur" value={account.username} testId="profile-username" />
            <Field label="Membre depuis" value={formatDate(account.createdAt)} />
            <Field label="Crédits" value={formatCredits(account.credits)} testId="profile-credits" />
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
                Type de compte
              </Text>
              <Badge
                size="lg"
                mt={4}
                variant="light"
                color={account.subscriptionType === 'premium' ? 'yellow' : 'gray'}
              >
                {account.subscriptionType === 'premium' ? 'Premium' : 'Gratuit'}
              </Badge>
            </div>
          </SimpleGrid>
        )}
      </Card>
      <Group justify="flex-end">
        <Button color="red" variant="light" onClick={onLogout} loading={loggingOut}>
          Se déconnecter
        </Button>
      </Group>
    </Stack>
  );
}
