import { loginSchema, registerFormSchema } from '@atelier/catalog';
import {
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  List,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import {
  IconBolt,
  IconBuildingCastle,
  IconCamera,
  IconPalette,
  IconSun,
  IconUserStar,
  type Icon,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { LegalLink } from '../components/LegalLink';
import { useConfiguredEngine, useEngineWords } from '../lib/engine';
import { engineNameOf, type EngineName } from '../lib/engine-name';
import { toast } from '../lib/toast';
import { nextPathOf, WELCOME_PATH } from '../lib/next-path';
import { trpc } from '../lib/trpc';
import { useCurrentUser } from '../lib/user';
import { useZodForm, type TextFieldProps } from '../lib/useZodForm';
import { AuthHeading, passwordVisibility } from './auth/AuthHeading';
import { ForgotPasswordForm } from './auth/ForgotPasswordForm';
import { toastError } from '../lib/useErrorToast';

const REDIRECT_DELAY_MS = 500;

type Mode = 'login' | 'register' | 'forgot';

const HEADINGS: Record<Mode, { title: string; intro: string | null }> = {
  login: { title: 'Connexion', intro: 'Heureux de vous revoir ! Connectez-vous pour continuer.' },
  register: { title: 'Créer un compte', intro: '500 crédits offerts aux 100 premiers inscrits.' },
  forgot: { title: 'Mot de passe oublié', intro: null },
};

const STYLES_POINT = {
  icon: IconPalette,
  title: 'Styles artistiques variés',
  text: "Plus de 25 styles, de l'aquarelle à la bande dessinée.",
};

/** What the sign-in panel lists of the engine that serves: only what its options show. */
const PITCH: Readonly<Record<EngineName, readonly { icon: Icon; title: string; text: string }[]>> = {
  local: [
    STYLES_POINT,
    {
      icon: IconSun,
      title: 'Lumières de studio',
      text: 'Heure dorée, clair-obscur, contre-jour : la photo rééclairée.',
    },
    {
      icon: IconCamera,
      title: 'Cadrages et objectifs',
      text: 'Gros plan, bokeh, fisheye : le regard d’un photographe.',
    },
  ],
  replicate: [
    { icon: IconBolt, title: 'Transformations instantanées', text: 'Votre photo transformée en quelques secondes.' },
    STYLES_POINT,
    { icon: IconBuildingCastle, title: 'Environnements immersifs', text: 'Plage, forêt, espace : changez de décor.' },
    { icon: IconUserStar, title: 'Personnages uniques', text: 'Devenez chevalier, astronaute ou super-héros.' },
  ],
};

interface FormProps {
  showPassword: boolean;
  onShowPasswordChange: (visible: boolean) => void;
  /** Told once signed in; `landing` is where to go when the address names no page. */
  onSuccess: (firstName: string, title: string, landing?: string) => void;
}

interface CredentialFieldsProps extends Pick<FormProps, 'showPassword' | 'onShowPasswordChange'> {
  field: (key: 'email' | 'password') => TextFieldProps;
  /** 'current-password' to sign in, 'new-password' to sign up, so password managers do the right thing. */
  passwordAutoComplete: 'current-password' | 'new-password';
}

/** E-mail and password, as both forms ask them; the show/hide toggle is shared between the forms. */
function CredentialFields({ field, passwordAutoComplete, showPassword, onShowPasswordChange }: CredentialFieldsProps) {
  return (
    <>
      <TextInput label="Email" type="email" autoComplete="email" placeholder="vous@exemple.fr" {...field('email')} />
      <PasswordInput
        label="Mot de passe"
        autoComplete={passwordAutoComplete}
        {...passwordVisibility(showPassword, onShowPasswordChange)}
        {...field('password')}
      />
    </>
  );
}

function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" fullWidth mt="xs" disabled={pending} size="md">
      {pending ? pendingLabel : label}
    </Button>
  );
}

function LoginForm({ showPassword, onShowPasswordChange, onSuccess }: FormProps) {
  const form = useZodForm(loginSchema, { email: '', password: '' });
  const login = trpc.auth.login.useMutation({
    onSuccess: ({ user }) => onSuccess(user.firstName, 'Connexion réussie'),
    onError: (error) => toastError('Erreur de connexion', error, 'Erreur de connexion'),
  });
  return (
    <form onSubmit={form.handleSubmit((data) => login.mutate(data))} noValidate>
      <Stack gap="sm">
        <CredentialFields
          field={form.field}
          passwordAutoComplete="current-password"
          showPassword={showPassword}
          onShowPasswordChange={onShowPasswordChange}
        />
        <SubmitButton pending={login.isPending} label="Se connecter" pendingLabel="Connexion..." />
      </Stack>
    </form>
  );
}

function RegisterForm({ showPassword, onShowPasswordChange, onSuccess }: FormProps) {
  const form = useZodForm(registerFormSchema, {
    email: '',
    password: '',
    firstName: '',
    lastName: '',
    acceptTerms: false,
  });
  const register = trpc.auth.register.useMutation({
    onSuccess: ({ user }) => onSuccess(user.firstName, 'Compte créé avec succès', WELCOME_PATH),
    onError: (error) => toastError("Erreur d'inscription", error, "Erreur d'inscription"),
  });
  return (
    <form onSubmit={form.handleSubmit((data) => register.mutate(data))} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Prénom" autoComplete="given-name" {...form.field('firstName')} />
          <TextInput label="Nom" autoComplete="family-name" {...form.field('lastName')} />
        </SimpleGrid>
        <CredentialFields
          field={form.field}
          passwordAutoComplete="new-password"
          showPassword={showPassword}
          onShowPasswordChange={onShowPasswordChange}
        />
        <Checkbox
          checked={form.values.acceptTerms}
          onChange={(event) => form.setField('acceptTerms', event.currentTarget.checked)}
          error={form.errors.acceptTerms}
          label={
            <>
              J'accepte les <LegalLink path="/cgu">CGU / CGV</LegalLink> et j'ai lu la{' '}
              <LegalLink path="/confidentialite">politique de confidentialité</LegalLink>.
            </>
          }
        />
        <SubmitButton pending={register.isPending} label="Créer mon compte" pendingLabel="Création..." />
      </Stack>
    </form>
  );
}

/**
 * Whether the user was already signed in when the page opened (not signed in by its own forms,
 * which take the user home themselves).
 */
function useArrivedSignedIn(): boolean {
  const current = useCurrentUser();
  const arrived = useRef<boolean | null>(null);
  if (arrived.current === null && current.isSuccess) arrived.current = current.data !== null;
  return arrived.current === true;
}

export function AuthPage() {
  const arrivedSignedIn = useArrivedSignedIn();
  // The calls to start (`?mode=register`) open the sign-up form; everything else, sign-in.
  const [mode, setMode] = useState<Mode>(() =>
    new URLSearchParams(window.location.search).get('mode') === 'register' ? 'register' : 'login',
  );
  const [showPassword, setShowPassword] = useState(false);
  const utils = trpc.useUtils();
  const words = useEngineWords();
  const pitch = PITCH[engineNameOf(useConfiguredEngine())];

  const onSuccess = (firstName: string, title: string, landing = '/') => {
    toast({ title, description: `Bienvenue ${firstName}!` });
    void utils.auth.me.invalidate();
    setTimeout(() => window.location.assign(nextPathOf(window.location.search, landing)), REDIRECT_DELAY_MS);
  };

  const formProps = { showPassword, onShowPasswordChange: setShowPassword, onSuccess };
  // Someone signed in has nothing to do here: the studio is where they were going.
  if (arrivedSignedIn) return <Navigate to="/transform" replace />;

  return (
    <Box
      component="main"
      mih="100vh"
      p={{ base: 'md', sm: 'xl' }}
      style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      <Card withBorder shadow="lg" radius="lg" p={0} maw={960} w="100%" style={{ overflow: 'hidden' }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={0}>
          <Box
            p={{ base: 'lg', sm: 40 }}
            className="auth-pitch"
            style={{
              background: 'linear-gradient(135deg, var(--mantine-color-violet-7), var(--mantine-color-pink-6))',
              color: 'white',
            }}
          >
            <Stack gap="lg">
              <div>
                <Text fw={800} fz={28} lh={1.1}>
                  Atelier
                </Text>
                <Text fz="lg" mt={6} opacity={0.9}>
                  {words.signInTitle}
                </Text>
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
                    <Text fz="sm" opacity={0.85}>
                      {item.text}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          </Box>
          <Stack p={{ base: 'lg', sm: 40 }} gap="lg" className="auth-form">
            <AuthHeading {...HEADINGS[mode]} />
            {mode === 'forgot' ? (
              <ForgotPasswordForm onBack={() => setMode('login')} />
            ) : (
              <>
                {mode === 'login' ? <LoginForm {...formProps} /> : <RegisterForm {...formProps} />}
                <Stack gap={6} align="center">
                  {mode === 'login' && (
                    <Anchor component="button" type="button" fz="sm" onClick={() => setMode('forgot')}>
                      Mot de passe oublié ?
                    </Anchor>
                  )}
                  <Anchor
                    component="button"
                    type="button"
                    fz="sm"
                    onClick={() => setMode(mode === 'login' ? 'register' : 'login')}
                  >
                    {mode === 'login' ? 'Pas encore de compte ? Inscrivez-vous' : 'Déjà un compte ? Connectez-vous'}
                  </Anchor>
                </Stack>
              </>
            )}
          </Stack>
        </SimpleGrid>
      </Card>
    </Box>
  );
}
