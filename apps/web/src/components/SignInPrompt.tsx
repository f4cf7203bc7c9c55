import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Notice } from './Notice';

/** What a visitor sees in place of a signed-in user's own content. */
export function SignInPrompt({ title, description }: { title: string; description: string }) {
  return (
    <Notice icon={<IconLock size={28} />} title={title} description={description}>
      <Button component={Link} to="/auth" radius="xl">
        Connexion
      </Button>
    </Notice>
  );
}
