import { emailField } from '@atelier/catalog';
import { Alert, Anchor, Button, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck, IconMailOff } from '@tabler/icons-react';
import { z } from 'zod';
import { useOperator } from '../../lib/operator';
import { errorMessage, trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';

const forgotSchema = z.object({ email: emailField });

/** "Mot de passe oublié ?": asks for the e-mail and says a link is on its way, whether or not the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const available = trpc.auth.passwordResetAvailable.useQuery();
  // Without mail, the only way back is the operator, when this server names one.
  const operator = useOperator();
  const form = useZodForm(forgotSchema, { email: '' });
  const request = trpc.auth.requestPasswordReset.useMutation();
  const back = (
    <Text ta="center" fz="sm">
      <Anchor component="button" type="button" onClick={onBack}>
        Retour à la connexion
      </Anchor>
    </Text>
  );

  if (available.isPending || operator.isPending) return <Loader mx="auto" aria-label="Chargement" />;
  if (!available.data?.available) {
    return (
      <Stack gap="sm">
        <Alert color="orange" icon={<IconMailOff size={18} aria-hidden />} title="Pas de lien par e-mail ici">
          Ce serveur n'envoie pas d'e-mails : la réinitialisation du mot de passe passe par son exploitant.{' '}
          {operator.data?.email ? (
            <>
              Écrivez à{' '}
              <Anchor href={`mailto:${operator.data.email}`} underline="always">
                {operator.data.email}
              </Anchor>{' '}
              depuis l'adresse de votre compte pour retrouver l'accès.
            </>
          ) : (
            "Adressez-vous à la personne qui gère ce serveur pour retrouver l'accès."
          )}
        </Alert>
        {back}
      </Stack>
    );
  }
  if (request.data) {
    return (
      <Stack gap="sm">
        <Alert color="teal" icon={<IconMailCheck size={18} aria-hidden />} title="Vérifiez votre boîte mail">
          {request.data.message} Le lien est valable une heure.
        </Alert>
        {back}
      </Stack>
    );
  }
  return (
    <form onSubmit={form.handleSubmit((data) => request.mutate(data))} noValidate>
      <Stack gap="sm">
        <Text fz="sm" c="dimmed">
          Indiquez l'adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe.
        </Text>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="vous@exemple.fr"
          {...form.field('email')}
        />
        {request.error && (
          <Alert color="red" role="alert">
            {errorMessage(request.error, "L'e-mail n'a pas pu être envoyé. Réessayez.")}
          </Alert>
        )}
        <Button type="submit" fullWidth size="md" disabled={request.isPending}>
          {request.isPending ? 'Envoi...' : 'Envoyer le lien'}
        </Button>
        {back}
      </Stack>
    </form>
  );
}
