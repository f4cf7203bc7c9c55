import { Button, Card, Checkbox, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { LegalLink } from '../../components/LegalLink';
import { trpc } from '../../lib/trpc';
import { toastError } from '../../lib/useErrorToast';

/** Before a first purchase: the CGU / CGV in force, accepted with a ticked box (recorded with its date). */
export function TermsStep({ onAccepted }: { onAccepted: () => void }) {
  const [ticked, setTicked] = useState(false);
  const utils = trpc.useUtils();
  const accept = trpc.account.acceptTerms.useMutation({
    onSuccess: async () => {
      await utils.auth.me.invalidate();
      onAccepted();
    },
    onError: (error) => toastError('Erreur', error, "L'acceptation n'a pas pu être enregistrée."),
  });
  return (
    <Card withBorder radius="lg" p="xl" maw={460} w="100%" data-testid="checkout-terms">
      <Stack gap="md">
        <Title order={1} fz={22}>
          Avant votre premier achat
        </Title>
        <Text fz="sm">
          Les conditions générales de vente disent ce que vous achetez, comment les crédits sont débités et vos droits,
          dont la rétractation.
        </Text>
        <Checkbox
          checked={ticked}
          onChange={(event) => setTicked(event.currentTarget.checked)}
          label={
            <>
              J'accepte les <LegalLink path="/cgu">CGU / CGV</LegalLink>.
            </>
          }
        />
        <Button disabled={!ticked} loading={accept.isPending} onClick={() => accept.mutate()}>
          Continuer vers le paiement
        </Button>
      </Stack>
    </Card>
  );
}
