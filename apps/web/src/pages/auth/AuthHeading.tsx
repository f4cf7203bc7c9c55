import { Group, Text, Title } from '@mantine/core';
import { BrandTitle } from '../../components/BrandTitle';
import { ThemeToggle } from '../../components/ThemeToggle';

/** The top of a sign-in form: the brand, the theme switch, then the form's title and what it is for. */
export function AuthHeading({ title, intro }: { title: string; intro: string | null }) {
  return (
    <>
      <Group justify="space-between">
        <BrandTitle size={20} />
        <ThemeToggle />
      </Group>
      <div>
        <Title order={1} fz={26}>
          {title}
        </Title>
        {intro !== null && (
          <Text c="dimmed" fz="sm" mt={4}>
            {intro}
          </Text>
        )}
      </div>
    </>
  );
}

/** The props that show or hide a password field, with the toggle named for screen readers. */
export function passwordVisibility(visible: boolean, onChange: (visible: boolean) => void) {
  return {
    visible,
    onVisibilityChange: onChange,
    visibilityToggleButtonProps: { 'aria-label': visible ? 'Masquer le mot de passe' : 'Afficher le mot de passe' },
  };
}
