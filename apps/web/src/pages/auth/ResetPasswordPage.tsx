import { messages, passwordField } from '@atelier/catalog';
import { Alert, Anchor, Box, Button, Card, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { toast } from '../../lib/toast';
import { errorMessage, trpc } from '../../lib/trpc';
import { useZodForm } from '../../lib/useZodForm';
import { AuthHeading, passwordVisibility } from './AuthHeading';

const resetSchema = z
  .object({ password: passwordField, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    message: messages.passwordMismatch,
    path: ['confirmation'],
  });

/** `/reset-password?token=…`, opened from the mail: the new password, by the sign-up rules. */
export function ResetPasswordPage() {
  const token = useSearchParams()[0].get('token') ?? '';
  const navigate = useNavigate();
  const [showPassword, setShowPassword] = useState(false);
  const form = useZodForm(resetSchema, { password: '', confirmation: '' });
  const reset = trpc.auth.resetPassword.useMutation({
    onSuccess: () => {
      toast({ title: 'Mot de passe modifié', description: 'Connectez-vous avec votre nouveau mot de passe.' });
      void navigate('/auth', { replace: true });
    },
  });
  const toggle = passwordVisibility(showPassword, setShowPassword);

  return (
    <Box
      component="main"
      mih="100vh"
      p="md"
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Card withBorder shadow="lg" radius="lg" p={{ base: 'lg', sm: 40 }} maw={460} w="100%">
        <Stack gap="lg">
          <AuthHeading
            title="Nouveau mot de passe"
            intro="Choisissez un mot de passe d'au moins 6 caractères. Vos autres sessions seront fermées."
          />
          <form onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))} noValidate>
            <Stack gap="sm">
              <PasswordInput
                label="Nouveau mot de passe"
                autoComplete="new-password"
                {...toggle}
                {...form.field('password')}
              />
              <PasswordInput
                label="Confirmez le mot de passe"
                autoComplete="new-password"
                {...toggle}
                {...form.field('confirmation')}
              />
              {reset.error && (
                <Alert color="red" role="alert">
                  {errorMessage(reset.error, 'Le mot de passe n’a pas pu être modifié. Réessayez.')}
                </Alert>
              )}
              <Button type="submit" fullWidth mt="xs" size="md" disabled={reset.isPending || !token}>
                {reset.isPending ? 'Enregistrement...' : 'Enregistrer le mot de passe'}
              </Button>
              <Text ta="center" fz="sm">
                <Anchor component={Link} to="/auth">
                  Retour à la connexion
                </Anchor>
              </Text>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Box>
  );
}
