import { loginSchema, registerSchema } from '@atelier/catalog';
import { Anchor, Box, Button, Card, Group, List, PasswordInput, SimpleGrid, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconBolt, IconBuildingCastle, IconPalette, IconUserStar } from '@tabler/icons-react';
import { useState } from 'react';
import { BrandTitle } from '../components/AppHeader';
import { ThemeToggle } from '../components/ThemeToggle';
import { toast } from '../lib/toast';
import { errorMessage, trpc } from '../lib/trpc';
import { useZodForm } from '../lib/useZodForm';

const REDIRECT_DELAY_MS = 500;

const pitch = [
  { icon: IconBolt, title: 'Transformations instantanées', text: 'Votre photo transformée en quelques secondes.' },
  { icon: IconPalette, title: 'Styles artistiques variés', text: "Plus de 25 styles, de l'aquarelle au cyberpunk." },
  { icon: IconBuildingCastle, title: 'Environnements immersifs', text: 'Plage, forêt, espace : changez de décor.' },
  { icon: IconUserStar, title: 'Personnages uniques', text: 'Devenez chevalier, astronaute ou super-héros.' },
];

interface FormProps {
  showPassword: boolean;
  onShowPasswordChange: (visible: boolean) => void;
  onSuccess: (firstName: string, title: string) => void;
}

function LoginForm({ showPassword, onShowPasswordChange, onSuccess }: FormProps) {
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const login = trpc.auth.login.useMutation({
    onSuccess: ({ user }) => onSuccess(user.firstName, 'Connexion réussie'),
    onError: (error) =>
      toast({ title: 'Erreur de connexion', description: errorMessage(error, 'Erreur de connexion'), variant: 'destructive' }),
  });
  return (
    <form onSubmit={form.handleSubmit((data) => login.mutate(data))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="vous@exemple.fr"
          value={form.values.email}
          onChange={(e) => form.setField('email', e.currentTarget.value)}
          error={form.errors.email}
        />
        <PasswordInput
          label="Mot de passe"
          autoComplete="current-password"
          visible={showPassword}
          onVisibilityChange={onShowPasswordChange}
          visibilityToggleButtonProps={{ 'aria-label': showPassword ? 'Masquer le mot de passe' : 'Afficher le mot de passe' }}
          value={form.values.password}
          onChange={(e) => form.setField('password', e.currentTarget.value)}
          error={form.errors.password}
        />
        <Button type="submit" fullWidth mt="xs" disabled={login.isPending} size="md">
          {login.isPending ? 'Connexion...' : 'Se connecter'}
        </Button>
      </Stack>
    </form>
  );
}

function RegisterForm({ showPassword, onShowPasswordChange, onSuccess }: FormProps) {
  const form = useZodForm(registerSchema, { email: '', password: '', firstName: '', lastName: '' });
  const register = trpc.auth.register.useMutation({
    onSuccess: ({ user }) => onSuccess(user.firstName, 'Compte créé avec succès'),
    onError: (error) =>
      toast({ title: "Erreur d'inscription", description: errorMessage(error, "Erreur d'inscription"), variant: 'destructive' }),
  });
  return (
    <form onSubmit={form.handleSubmit((data) => register.mutate(data))} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Prénom"
            autoComplete="given-name"
            value={form.values.firstName}
            onChange={(e) => form.setField('firstName', e.currentTarget.value)}
            error={form.errors.firstName}
          />
          <TextInput
            label="Nom"
            autoComplete="family-name"
            value={form.values.lastName}
            onChange={(e) => form.setField('lastName', e.currentTarget.value)}
            error={form.errors.lastName}
          />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="vous@exemple.fr"
          value={form.values.email}
          onChange={(e) => form.setField('email', e.currentTarget.value)}
          error={form.errors.email}
        />
        <PasswordInput
          label="Mot de passe"
          autoComplete="new-password"
          visible={showPassword}
          onVisibilityChange={onShowPasswordChange}
          visibilityToggleButtonProps={{ 'aria-label': showPassword ? 'Masquer le mot de passe' : 'Afficher le mot de passe' }}
          value={form.values.password}
          onChange={(e) => form.setField('password', e.currentTarget.value)}
          error={form.errors.password}
        />
        <Button type="submit" fullWidth mt="xs" disabled={register.isPending} size="md">
          {register.isPending ? 'Création...' : 'Créer mon compte'}
        </Button>
      </Stack>
    </form>
  );
}

export function AuthPage() {
  const [mode, setMode] = useState<'login' | 'register'>('login');
  const [showPassword, setShowPassword] = useState(false);
  const utils = trpc.useUtils();

  const onSuccess = (firstName: string, title: string) => {
    toast({ title, description: `Bienvenue ${firstName}!` });
    void utils.auth.me.invalidate();
    setTimeout(() => window.location.assign('/'), REDIRECT_DELAY_MS);
  };

  const formProps = { showPassword, onShowPasswordChange: setShowPassword, onSuccess };

  return (
    <Box mih="100vh" p={{ base: 'md', sm: 'xl' }} style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Card withBorder shadow="lg" radius="lg" p={0} maw={960} w="100%" style={{ overflow: 'hidden' }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <Box
            p={{ base: 'lg', sm: 40 }}
            className="auth-pitch"
            style={{ background: 'linear-gradient(135deg, var(--mantine-color-violet-7), var(--mantine-color-pink-6))', color: 'white' }}
          >
            <Stack gap="lg">
              <div>
                <Text fw={800} fz={28} lh={1.1}>Atelier</Text>
                <Text fz="lg" mt={6} opacity={0.9}>Vos photos, transformées par l'IA.</Text>
              </div>
              <List spacing="md" listStyleType="none" p={0}>
                {pitch.map((item) => (
                  <List.Item
                    key={item.title}
                    icon={
                      <ThemeIcon size={36} radius="xl" color="rgba(255,255,255,0.18)">
                        <item.icon size={20} aria-hidden />
                      </ThemeIcon>
                    }
                  >
                    <Text fw={700}>{item.title}</Text>
                    <Text fz="sm" opacity={0.85}>{item.text}</Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Box>
          <Stack p={{ base: "lg", sm: 40 }} gap="lg" className="auth-form">
            <Group justify="space-between">
              <BrandTitle size={20} />
              <ThemeToggle />
            </Group>
            <div>
              <Title order={1} fz={26}>{mode === 'login' ? 'Connexion' : 'Créer un compte'}</Title>
              <Text c="dimmed" fz="sm" mt={4}>
                {mode === 'login' ? 'Heureux de vous revoir ! Connectez-vous pour continuer.' : '500 crédits offerts aux 100 premiers inscrits.'}
              </Text>
            </div>
            {mode === 'login' ? <LoginForm {...formProps} /> : <RegisterForm {...formProps} />}
            <Text ta="center" fz="sm">
              <Anchor component="button" type="button" onClick={() => setMode(mode === 'login' ? 'register' : 'login')}>
                {mode === 'login' ? 'Pas encore de compte ? Inscrivez-vous' : 'Déjà un compte ? Connectez-vous'}
              </Anchor>
            </Text>
          </Stack>
        </SimpleGrid>
      </Card>
    </Box>
  );
}
