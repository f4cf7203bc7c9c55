import { Burger, Button, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { LandingBrand } from './LandingBrand';
import { ThemeToggle } from '../../components/ThemeToggle';
import { PLACES } from '../../lib/places';
import { SIGN_UP_PATH } from './content';
import { useSignedIn } from './useSignedIn';

const MENU_ID = 'landing-menu';

/** 'Fonctionnalités' and 'Tarifs' are plain buttons: the spec gives them no action. */
function SectionButtons() {
  return (
    <>
      <Button variant="subtle" color="gray" type="button">
        Fonctionnalités
      </Button>
      <Button variant="subtle" color="gray" type="button">
        Tarifs
      </Button>
    </>
  );
}

function StartButton({ fullWidth = false }: { fullWidth?: boolean }) {
  return (
    <Button
      component="a"
      href={SIGN_UP_PATH}
      variant="gradient"
      gradient={{ from: 'violet', to: 'pink' }}
      radius="xl"
      fullWidth={fullWidth}
    >
      Commencer Gratuitement
    </Button>
  );
}

/** Sticky bar; below the `sm` breakpoint the section buttons and the main call fold into a menu. */
export function LandingNav() {
  const [menuOpen, menu] = useDisclosure(false);
  // Someone signed in is offered the studio, not a sign-in form.
  const signedIn = useSignedIn();
  return (
    <header className="landing-nav" data-landing-section="nav">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <LandingBrand size={24} />
          <Group gap={4} visibleFrom="sm" component="nav" aria-label="Navigation principale">
            <SectionButtons />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ThemeToggle />
            {signedIn ? (
              <Button component="a" href={PLACES.studio.path} variant="default" radius="xl">
                {PLACES.studio.label}
              </Button>
            ) : (
              <Button component="a" href="/auth" variant="default" radius="xl">
                Connexion
              </Button>
            )}
            <Group visibleFrom="sm">
              <StartButton />
            </Group>
            <Burger
              hiddenFrom="sm"
              size="sm"
              opened={menuOpen}
              onClick={menu.toggle}
              aria-label={menuOpen ? 'Fermer le menu' : 'Ouvrir le menu'}
              aria-expanded={menuOpen}
              aria-controls={MENU_ID}
            />
          </Group>
        </Group>
        {menuOpen && (
          <Stack id={MENU_ID} component="nav" aria-label="Menu" hiddenFrom="sm" gap={4} pt="sm" pb="xs">
            <SectionButtons />
            <StartButton fullWidth />
          </Stack>
        )}
      </Container>
    </header>
  );
}
