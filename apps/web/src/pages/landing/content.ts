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
import { IMAGE_COST } from '@atelier/catalog';
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
  { icon: IconBrain, title: 'Détection IA automatique' },
  { icon: IconWand, title: 'Transformation complète' },
  { icon: IconAdjustmentsOff, title: 'Zéro configuration' },
  { icon: IconStack2, title: 'Styles multiples' },
];

export const FEATURES: readonly IconItem[] = [
  {
    icon: IconPalette,
    title: 'Styles artistiques avancés',
    description:
      'Aquarelle, estampe japonaise, pop art ou vitrail : plus de 25 styles rendus avec la texture propre à chaque technique.',
  },
  {
    icon: IconUserStar,
    title: 'Transformation de personnage',
    description: "Chevalier, reine ou astronaute : costume et accessoires s'ajoutent à votre photo.",
  },
  {
    icon: IconMovie,
    title: 'Environnements cinématographiques',
    description:
      'Tokyo sous les néons, forêt enchantée ou surface lunaire : changez de décor sans quitter votre canapé.',
  },
  {
    icon: IconCamera,
    title: 'Angles professionnels',
    description: "Contre-plongée, plan américain, grand angle : le cadrage d'un photographe de plateau, en un clic.",
  },
  {
    icon: IconRun,
    title: 'Actions dynamiques',
    description: 'Sauter, voler, lancer un sort : donnez du mouvement et une histoire à une photo immobile.',
  },
  {
    icon: IconBulb,
    title: 'Éclairage studio',
    description: 'Heure dorée, clair-obscur ou néons : une lumière sculptée comme sous les projecteurs.',
  },
];

export const PROCESS_STEPS: readonly (IconItem & { step: number })[] = [
  {
    step: 1,
    icon: IconCloudUpload,
    title: 'Téléversement intelligent',
    description:
      'Glissez une photo ou prenez-la avec votre téléphone. Elle est redressée, allégée et débarrassée de ses métadonnées.',
  },
  {
    step: 2,
    icon: IconClick,
    title: 'Sélection visuelle',
    description: 'Style, personnage, décor, lumière : chaque option a sa vignette. Vous voyez ce que vous choisissez.',
  },
  {
    step: 3,
    icon: IconSparkles,
    title: 'Génération IA',
    description:
      'Le moteur compose votre image, étape par étape sous vos yeux. Aucun prompt à écrire, aucun réglage à connaître.',
  },
  {
    step: 4,
    icon: IconDiamond,
    title: 'Résultat premium',
    description: 'Téléchargez en haute définition, sans filigrane, ou partagez votre création avec la communauté.',
  },
];

export const HOW_IT_WORKS: readonly IconItem[] = [
  {
    icon: IconPhotoScan,
    title: 'Analyse de la photo',
    description: 'Format, cadrage et exposition sont ajustés automatiquement : rien à détourer, rien à annoter.',
  },
  {
    icon: IconWand,
    title: 'Composition de la consigne',
    description: 'Vos choix deviennent une instruction précise pour le modèle. Vous cliquez, nous rédigeons.',
  },
  {
    icon: IconSparkles,
    title: 'Rendu et finition',
    description: "L'image est générée, mise au format demandé puis enregistrée dans votre galerie privée.",
  },
];

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
  name: string;
  price: string;
  credits: number;
  features: readonly string[];
  popular: boolean;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    name: 'Découverte',
    price: '0€',
    credits: 100,
    features: ['Tous les styles', 'Galerie illimitée', 'Export sans filigrane', 'Support communautaire'],
    popular: false,
  },
  {
    name: 'Créateur',
    price: '19€',
    credits: 500,
    features: [
      'Accès prioritaire',
      'Couleurs granulaires',
      'Téléchargement groupé',
      'Support par e-mail',
      'Sauvegardes automatiques',
    ],
    popular: true,
  },
  {
    name: 'Professionnel',
    price: '49€',
    credits: 2000,
    features: ['API dédiée', 'Workflows personnalisés', 'Support prioritaire 24/7', 'Formation', 'Analyses avancées'],
    popular: false,
  },
];

/** A price of '0€' marks the free plan, whose button invites to start rather than to choose. */
export const isFreePlan = (plan: PricingPlan) => plan.price === '0€';
