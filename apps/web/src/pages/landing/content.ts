import {
  IconAdjustmentsOff,
  IconBadge4k,
  IconBolt,
  IconBrain,
  IconBulb,
  IconCamera,
  IconClick,
  IconCloudUpload,
  IconDiamond,
  IconDownload,
  IconLock,
  IconMovie,
  IconPalette,
  IconPhotoScan,
  IconRun,
  IconSparkles,
  IconStack2,
  IconTopologyStar3,
  IconUserStar,
  IconVideo,
  IconWand,
  type Icon,
} from '@tabler/icons-react';
import {
  IMAGE_COST,
  imagesFor,
  planExtraWords,
  SUBSCRIPTION_PLANS,
  type CategoryId,
  type PlanId,
  type SubscriptionPlan,
} from '@atelier/catalog';
import type { EngineName } from '../../lib/engine-name';
import { PLACES } from '../../lib/places';
import { euros } from '../../lib/format';
import { CHARACTERS } from './samples';

// The landing page's copy, as data: each section renders one of these lists.

/** Where the calls to start lead: the sign-up form (a visitor who already has an account switches to sign-in there). */
export const SIGN_UP_PATH = '/auth?mode=register';

export interface IconItem {
  icon: Icon;
  title: string;
  description: string;
}

export const SAMPLE_TRANSFORMATIONS = CHARACTERS.flatMap((character) =>
  character.transformations.map((transformation) => ({ character, transformation })),
);
// Only what is true on every instance: no invented counts or timings (a generation's time depends on
// the photo, the options and the machine).
export const STATS = [
  { value: '25+', label: 'styles artistiques' },
  { value: '4K', label: "qualité d'export" },
  { value: `${IMAGE_COST}`, label: 'crédits par image réussie' },
  { value: `${SAMPLE_TRANSFORMATIONS.length}`, label: 'exemples sans prompt' },
] as const;

export const BADGES: readonly Pick<IconItem, 'icon' | 'title'>[] = [
  { icon: IconBrain, title: 'Personne et visage détectés' },
  { icon: IconWand, title: 'Une vignette par option' },
  { icon: IconAdjustmentsOff, title: 'Zéro configuration' },
  { icon: IconStack2, title: 'Styles multiples' },
];

/** A family of transformations, named by the category whose options show it. */
export interface Feature extends IconItem {
  category: CategoryId;
}

export const FEATURES: readonly Feature[] = [
  {
    category: 'style',
    icon: IconPalette,
    title: 'Styles artistiques avancés',
    description:
      'Aquarelle, estampe japonaise, pop art ou vitrail : plus de 25 styles rendus avec la texture propre à chaque technique.',
  },
  {
    category: 'character',
    icon: IconUserStar,
    title: 'Transformation de personnage',
    description: 'Chevalier, reine ou astronaute : la personne elle-même devient le personnage.',
  },
  {
    category: 'environment',
    icon: IconMovie,
    title: 'Environnements cinématographiques',
    description: 'Tokyo sous les néons, Paris ou surface lunaire : la personne dans un nouveau décor.',
  },
  {
    category: 'camera',
    icon: IconCamera,
    title: 'Angles professionnels',
    description: 'Contre-plongée, gros plan, grand angle : le cadrage et les objectifs d’un photographe, en un clic.',
  },
  {
    category: 'action',
    icon: IconRun,
    title: 'Actions dynamiques',
    description: 'Courir, léviter, lancer un sort : la personne en mouvement, dans la pose de son action.',
  },
  {
    category: 'lighting',
    icon: IconBulb,
    title: 'Éclairage studio',
    description: 'Heure dorée, clair-obscur ou contre-jour : une lumière sculptée comme sous les projecteurs.',
  },
];

/** The steps before and after the engine's own (EnginePromise.renderStep). */
const UPLOAD_STEP: IconItem = {
  icon: IconCloudUpload,
  title: 'Téléversement intelligent',
  description:
    'Glissez une photo ou prenez-la avec votre téléphone. Elle est redressée, allégée et débarrassée de ses métadonnées.',
};

const SELECTION_STEP: IconItem = {
  icon: IconClick,
  title: 'Sélection visuelle',
  description: 'Style, lumière, cadrage : chaque option a sa vignette. Vous voyez ce que vous choisissez.',
};

const RESULT_STEP: IconItem = {
  icon: IconDiamond,
  title: 'Résultat premium',
  description: 'Téléchargez en haute définition, sans filigrane, ou partagez votre création avec la communauté.',
};

/** What the landing promises of the engine the service runs (`media.engine`): no more than it does. */
export interface EnginePromise {
  /** The end of the hero's title, highlighted. */
  headline: string;
  intro: string;
  howTitle: string;
  howItWorks: readonly IconItem[];
  /** The third step of « Comment ça marche » in four steps: what the engine does with the choices. */
  renderStep: IconItem;
  /** The families of transformations it renders: only those whose options it offers. */
  features: readonly Feature[];
}

const PHOTO_ANALYSIS: IconItem = {
  icon: IconPhotoScan,
  title: 'Analyse de la photo',
  description:
    'La personne est détourée, son visage et sa pose repérés par des modèles ouverts : rien à détourer, rien à annoter.',
};

const RENDER_AND_FINISH: IconItem = {
  icon: IconSparkles,
  title: 'Rendu et finition',
  description: "L'image est mise au format demandé, agrandie si besoin, puis enregistrée dans votre galerie privée.",
};

export const ENGINE_PROMISES: Readonly<Record<EngineName, EnginePromise>> = {
  local: {
    headline: 'retouchées et mises en scène',
    intro:
      'Choisissez un style, un décor, une lumière, un cadrage : Atelier détoure la personne, la met en scène et agrandit votre photo en haute définition, sans écrire une ligne de prompt.',
    howTitle: 'Sous le capot, des modèles qui repèrent la personne',
    howItWorks: [
      PHOTO_ANALYSIS,
      {
        icon: IconWand,
        title: 'Une recette par option',
        description:
          'Chaque option a la sienne : décor dessiné derrière la personne, lumière, cadrage, rendu de peintre, agrandissement ESRGAN. Sans IA générative : ce qu’elle ne sait pas rendre est réservé au moteur cloud.',
      },
      RENDER_AND_FINISH,
    ],
    renderStep: {
      icon: IconWand,
      title: 'Rendu sous vos yeux',
      description:
        'Le moteur applique chaque option à votre photo, étape par étape sous vos yeux. Aucun prompt à écrire, aucun réglage à connaître.',
    },
    // Named here rather than read from the catalogue's verdicts, which the landing would then download;
    // engine-claims.test.ts holds them to the verdicts.
    features: FEATURES.filter(({ category }) => ['style', 'camera', 'lighting'].includes(category)),
  },
  replicate: {
    headline: "réinventées par l'IA",
    intro:
      'Choisissez un style, un personnage, un décor : des modèles génératifs redessinent votre photo, sans écrire une seule ligne de prompt.',
    howTitle: 'Sous le capot, une IA qui lit votre photo',
    howItWorks: [
      PHOTO_ANALYSIS,
      {
        icon: IconWand,
        title: 'Composition de la consigne',
        description:
          'Vos choix deviennent une instruction pour le modèle qui fait le mieux chaque étape. Vous cliquez, nous rédigeons.',
      },
      RENDER_AND_FINISH,
    ],
    renderStep: {
      icon: IconSparkles,
      title: 'Génération IA',
      description:
        'Le moteur compose votre image, étape par étape sous vos yeux. Aucun prompt à écrire, aucun réglage à connaître.',
    },
    features: FEATURES,
  },
};

/** « Comment ça marche » in four steps, the engine's own third. */
export function processSteps(engine: EngineName): readonly (IconItem & { step: number })[] {
  return [UPLOAD_STEP, SELECTION_STEP, ENGINE_PROMISES[engine].renderStep, RESULT_STEP].map((item, index) => ({
    ...item,
    step: index + 1,
  }));
}

export const TECHNOLOGY: readonly IconItem[] = [
  {
    icon: IconBadge4k,
    title: "Jusqu'en 4K",
    description: 'Agrandissement et netteté pour imprimer vos créations en grand.',
  },
  {
    icon: IconBolt,
    title: 'Progression en direct',
    description: "L'avancement de chaque génération s'affiche étape par étape, jusqu'au résultat.",
  },
  {
    icon: IconLock,
    title: 'Privé par défaut',
    description: 'Vos photos restent dans votre galerie tant que vous ne les publiez pas.',
  },
  {
    icon: IconDownload,
    title: 'Export sans filigrane',
    description: 'Téléchargez une image, une sélection ou tout votre travail.',
  },
  {
    icon: IconVideo,
    title: 'Vidéos de 6 secondes',
    description: 'Animez une création en clip 768p, prêt pour les réseaux.',
  },
  {
    icon: IconTopologyStar3,
    title: 'Workflows visuels',
    description: 'Enchaînez les transformations dans un éditeur à nœuds.',
  },
];

export const CREDIT_RULES = [
  `${IMAGE_COST} crédits par image générée, quel que soit le nombre d'options choisies.`,
  "Les crédits ne sont débités qu'après une génération réussie.",
  'Une génération qui échoue ne coûte rien.',
  '500 crédits offerts aux 100 premiers inscrits.',
];

export const GALLERY_POINTS = [
  'Chaque création est rangée automatiquement, avec son original et son style.',
  'Recherchez par style, sélectionnez plusieurs images, téléchargez tout en un clic.',
  'Privée par défaut : publiez dans le fil public seulement ce que vous voulez montrer.',
];

export interface PricingPlan {
  /** A subscription plan's id, or null for the free Découverte offer. */
  id: PlanId | null;
  name: string;
  priceCents: number;
  credits: number;
  features: readonly string[];
  popular: boolean;
}

/** The Découverte offer's monthly credits as the server grants them by default (DISCOVERY_OFFER_CREDITS). */
export const DISCOVERY_CREDITS = 100;

/** What every plan has; the paid ones differ only by their credits, so none claims a feature it lacks. */
const paidFeatures = (plan: SubscriptionPlan) => [
  `${euros(Math.round(plan.priceCents / imagesFor(plan.credits)))} par image`,
  planExtraWords(plan),
  'Les crédits non utilisés restent',
  'Toutes les options, vidéos et workflows',
  'Sans engagement, annulable en ligne',
];

/** The free offer beside the three monthly plans the account page sells, at the same prices. */
export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: null,
    name: 'Découverte',
    priceCents: 0,
    credits: DISCOVERY_CREDITS,
    features: [
      'Offerts chaque mois aux comptes gratuits',
      'Toutes les options du studio',
      'Galerie privée et fil public',
    ],
    popular: false,
  },
  ...SUBSCRIPTION_PLANS.map((plan) => ({ ...plan, features: paidFeatures(plan) })),
];

export const isFreePlan = (plan: PricingPlan) => plan.id === null;

/** A visitor signs up first, then lands on the payment of the plan they chose. */
export function planPath(plan: PricingPlan, signedIn: boolean): string {
  if (!plan.id) return signedIn ? PLACES.studio.path : SIGN_UP_PATH;
  const checkout = `/checkout?plan=${plan.id}`;
  return signedIn ? checkout : `${SIGN_UP_PATH}&next=${encodeURIComponent(checkout)}`;
}
