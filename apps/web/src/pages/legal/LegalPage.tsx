import { IMAGE_COST } from '@atelier/catalog';
import { Anchor, Center, Container, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { AppHeader } from '../../components/AppHeader';
import { useConfiguredEngine } from '../../lib/engine';
import { useOperator, type Operator } from '../../lib/operator';
import { LEGAL_PAGES, PLACES } from '../../lib/places';

/** A detail of the operator's, or a plain statement that this server's settings do not give it. */
function Detail({ value }: { value: string | null }) {
  return (
    value ?? (
      <Text component="span" fs="italic" c="dimmed">
        non renseigné par l'exploitant de ce serveur
      </Text>
    )
  );
}

/** The operator's e-mail as a link; in a list of details, a plain "non renseigné" when unset. */
function Email({ operator }: { operator: Operator }) {
  // Underlined: in running text, colour alone does not mark a link (too close to the text in the dark theme).
  return operator.email ? (
    <Anchor href={`mailto:${operator.email}`} underline="always">
      {operator.email}
    </Anchor>
  ) : (
    <Detail value={null} />
  );
}

/** Whom a sentence sends the reader to write to ("écrivez à …"): it reads whole with or without an e-mail. */
function WriteTo({ operator }: { operator: Operator }) {
  return operator.email ? (
    <>
      l'exploitant, à <Email operator={operator} />
    </>
  ) : (
    "l'exploitant de ce serveur (son adresse e-mail n'est pas encore publiée ici)"
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6} component="section">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function OperatorBlock({ operator }: { operator: Operator }) {
  return (
    <List spacing={4}>
      <List.Item>
        Nom : <Detail value={operator.name} />
      </List.Item>
      <List.Item>
        Adresse : <Detail value={operator.address} />
      </List.Item>
      <List.Item>
        E-mail : <Email operator={operator} />
      </List.Item>
    </List>
  );
}

function LegalNotice({ operator }: { operator: Operator }) {
  return (
    <>
      <Section title="Éditeur du service">
        <Text>Atelier est édité et exploité par :</Text>
        <OperatorBlock operator={operator} />
        <Text>Le directeur de la publication est l'exploitant nommé ci-dessus.</Text>
      </Section>
      <Section title="Hébergement">
        <Text>
          Hébergeur : <Detail value={operator.hostingProvider} />
        </Text>
      </Section>
      <Section title="Contenus">
        <Text>
          Les photos importées et les créations appartiennent à leurs auteurs. Une création n'est visible de tous que si
          son auteur la publie dans le feed public ; il peut la retirer à tout moment.
        </Text>
      </Section>
    </>
  );
}

function Terms({ operator }: { operator: Operator }) {
  return (
    <>
      <Section title="Le service">
        <Text>
          Atelier transforme vos photos (style, personnage, décor, lumière, cadrage, format, agrandissement, vidéo) et
          les range dans votre galerie privée. Ces conditions s'appliquent à toute personne qui crée un compte ; elles
          sont proposées par l'exploitant désigné dans les{' '}
          <Anchor component={Link} to="/mentions-legales" underline="always">
            mentions légales
          </Anchor>
          .
        </Text>
      </Section>
      <Section title="Votre compte">
        <Text>
          Vous vous inscrivez avec votre nom, votre prénom, votre adresse e-mail et un mot de passe que vous gardez pour
          vous. Vous pouvez exporter vos données ou supprimer votre compte à tout moment depuis {PLACES.account.label}.
        </Text>
      </Section>
      <Section title="Crédits et paiement">
        <List spacing={4}>
          <List.Item>
            Chaque image générée coûte {IMAGE_COST} crédits, débités seulement quand l'image est réussie ; une
            génération qui échoue ou que vous annulez ne coûte rien.
          </List.Item>
          <List.Item>
            Les crédits s'achètent par carte bancaire, au prix affiché avant le paiement ; le paiement est traité par
            Stripe et vos données de carte ne nous parviennent pas.
          </List.Item>
          <List.Item>Les crédits sont ajoutés à votre compte dès que le paiement est confirmé.</List.Item>
          <List.Item>
            Droit de rétractation : les crédits déjà utilisés ne peuvent être remboursés (article L221-28 du Code de la
            consommation) ; pour les crédits non utilisés, écrivez dans les 14 jours suivant l'achat à{' '}
            <WriteTo operator={operator} />.
          </List.Item>
        </List>
      </Section>
      <Section title="Vos photos et vos créations">
        <Text>
          Vous n'importez que des photos sur lesquelles vous avez les droits, avec l'accord des personnes qui y
          figurent. Les contenus illicites, haineux ou portant atteinte à autrui sont interdits ; l'exploitant peut
          retirer une publication qui ne respecte pas ces règles.
        </Text>
      </Section>
      <Section title="Droit applicable">
        <Text>
          Ces conditions sont soumises au droit français. Pour toute réclamation, écrivez d'abord à{' '}
          <WriteTo operator={operator} />.
        </Text>
      </Section>
    </>
  );
}

function Privacy({ operator }: { operator: Operator }) {
  const engine = useConfiguredEngine();
  return (
    <>
      <Section title="Responsable du traitement">
        <OperatorBlock operator={operator} />
      </Section>
      <Section title="Ce que nous gardons, et pourquoi">
        <List spacing={4}>
          <List.Item>
            Votre compte : prénom, nom, adresse e-mail, nom d'utilisateur et mot de passe (gardé sous forme d'empreinte,
            jamais lisible).
          </List.Item>
          <List.Item>Vos photos importées, vos créations, vos vidéos et vos workflows, pour vous les rendre.</List.Item>
          <List.Item>L'historique de vos crédits et de vos paiements, pour tenir vos comptes.</List.Item>
          <List.Item>
            Vos sessions ouvertes (navigateur, dernière activité), pour que vous puissiez les fermer.
          </List.Item>
        </List>
        <Text>
          Les photos sont débarrassées de leurs métadonnées (dont la position GPS) à l'import. Atelier n'utilise qu'un
          cookie, celui de la session, qui vous garde connecté ; la page de paiement charge le module de Stripe, qui
          dépose les siens pour prévenir la fraude.
        </Text>
      </Section>
      <Section title="Qui d'autre les voit">
        <List spacing={4}>
          <List.Item>
            Publier une création la rend visible de tous, avec votre nom ; votre photo d'origine reste privée sauf si
            vous cochez « Publier aussi la photo d'origine ».
          </List.Item>
          <List.Item>Les paiements sont traités par Stripe.</List.Item>
          <List.Item>
            {engine === 'replicate'
              ? "Les photos à transformer sont envoyées à Replicate (États-Unis), qui fait tourner les modèles d'IA de ce serveur."
              : "Les photos sont transformées sur notre serveur : elles ne sont envoyées à aucun service d'IA extérieur."}
          </List.Item>
        </List>
      </Section>
      <Section title="Combien de temps">
        <Text>
          Tant que votre compte existe. À sa suppression, tout est effacé ; seuls l'historique des crédits et les
          paiements restent, détachés de votre compte, pour la comptabilité.
        </Text>
      </Section>
      <Section title="Vos droits">
        <Text>Dans {PLACES.account.label}, onglet Paramètres :</Text>
        <List spacing={4}>
          <List.Item>
            « Exporter mes données » télécharge une archive ZIP de tout ce que nous gardons sur vous, avec vos images et
            vos vidéos ;
          </List.Item>
          <List.Item>« Supprimer mon compte » efface votre compte et tout son contenu.</List.Item>
        </List>
        <Text>
          Pour corriger vos données ou vous opposer à un traitement, écrivez à <WriteTo operator={operator} />. Vous
          pouvez aussi saisir la CNIL (cnil.fr).
        </Text>
      </Section>
    </>
  );
}

function Contact({ operator }: { operator: Operator }) {
  return (
    <Section title="Écrire à l'exploitant">
      <OperatorBlock operator={operator} />
      <Text>Pour une question sur votre compte, écrivez depuis l'adresse e-mail de ce compte.</Text>
    </Section>
  );
}

const PAGES: Record<(typeof LEGAL_PAGES)[number]['path'], (props: { operator: Operator }) => ReactNode> = {
  '/mentions-legales': LegalNotice,
  '/cgu': Terms,
  '/confidentialite': Privacy,
  '/contact': Contact,
};

/** The legal pages (mentions légales, CGU / CGV, confidentialité, contact), with the operator's details from the server's settings. */
export function LegalPage() {
  const { pathname } = useLocation();
  const operator = useOperator();
  const page = LEGAL_PAGES.find((candidate) => candidate.path === pathname) ?? LEGAL_PAGES[0];
  const Body = PAGES[page.path];
  return (
    <>
      <AppHeader />
      <Container component="main" size="sm" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {page.label}
          </Title>
          {operator.data ? (
            <Body operator={operator.data} />
          ) : (
            <Center py={40}>
              <Loader aria-label="Chargement" />
            </Center>
          )}
        </Stack>
      </Container>
    </>
  );
}
