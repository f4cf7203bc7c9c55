import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Notice } from './Notice';

/** What a visitor sees in place of a signed-in user's own content. */
export function SignInPrompt({
  title,
  description,
  titleOrder,
}: {
  title: string;
  description: string;
  titleOrder?: 1 | 3;
}) {
  return (
    <Notice icon={<IconLock size={28} />} title={title} description={description} titleOrder={titleOrder}>
      <Button component={Link} to="/auth" radius="xl">
        Connexion
      </Button>
    </Notice>
  );
}
