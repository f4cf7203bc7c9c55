import { Button, Card, Group, Modal, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { clearToasts, toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';

/** The REST download of the account's archive: the browser's cookie signs it, the server streams the ZIP. */
const EXPORT_URL = '/api/account/export';

/** "Supprimer mon compte": confirmed with the password; the person then leaves for the landing page. */
function DeleteAccountDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [password, setPassword] = useState('');
  const remove = trpc.account.delete.useMutation({
    onSuccess: () => {
      clearToasts();
      utils.auth.me.setData(undefined, null);
      void utils.invalidate();
      void navigate('/');
      toast({ title: 'Compte supprimé', description: 'Votre compte et vos données ont été effacés.' });
    },
  });
  const close = () => {
    setPassword('');
    remove.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate({ password });
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      centered
      radius="lg"
      title={
        <Text fw={700} fz="lg">
          Supprimer mon compte
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Fermer' }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text>
            Votre compte, vos images, vos vidéos, vos workflows, vos publications et vos mentions « J’aime » seront
            supprimés définitivement. L’historique de vos crédits est gardé pour la comptabilité, sans lien avec vous.
          </Text>
          <PasswordInput
            label="Mot de passe"
            description="Saisissez votre mot de passe pour confirmer."
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={
              remove.error ? errorMessage(remove.error, 'La suppression a échoué. Veuillez réessayer.') : undefined
            }
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              Annuler
            </Button>
            <Button type="submit" color="red" loading={remove.isPending} disabled={password === ''}>
              Supprimer définitivement
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The account's GDPR rights: a copy of its data, and its deletion. */
export function MyDataCard() {
  const [deleting, setDeleting] = useState(false);
  return (
    <Card withBorder radius="lg" p="lg" data-testid="my-data">
      <Title order={2} fz="lg" mb={4}>
        Mes données
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Téléchargez une archive ZIP de vos données (profil, crédits, galerie, vidéos, workflows) avec vos images et vos
        vidéos, ou supprimez votre compte.
      </Text>
      <Group gap="xs">
        <Button
          component="a"
          href={EXPORT_URL}
          download
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          Exporter mes données
        </Button>
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
          onClick={() => setDeleting(true)}
        >
          Supprimer mon compte
        </Button>
      </Group>
      <DeleteAccountDialog opened={deleting} onClose={() => setDeleting(false)} />
    </Card>
  );
}
