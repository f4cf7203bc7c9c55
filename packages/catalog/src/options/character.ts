import type { CategoryInstruction } from '../instructions';
import { defineOptions } from '../option';

/** Who the subject becomes; prompts complete CHARACTER_INSTRUCTION's lead. */
export const CHARACTER_OPTIONS = defineOptions('character', [
  // Heroes and legends
  ['superhero', 'Super-héros', 'a caped superhero with a bold chest emblem and a confident heroic stance'],
  ['knight', 'Chevalier', 'a medieval knight in polished plate armour with a sword and heraldic shield'],
  ['princess', 'Princesse', 'a fairytale princess with an elegant gown and a delicate tiara'],
  ['prince', 'Prince', 'a fairytale prince in an embroidered royal coat with a ceremonial sash'],
  ['king', 'Roi', 'a regal king wearing a jewelled crown and an ermine-trimmed mantle'],
  ['queen', 'Reine', 'a majestic queen with a jewelled crown and a flowing velvet cape'],
  ['pirate', 'Pirate', 'a swashbuckling pirate captain with a tricorn hat, long coat and cutlass'],
  ['viking', 'Viking', 'a fierce Viking warrior with braided hair, fur cloak and round wooden shield'],
  ['samurai', 'Samouraï', 'a disciplined samurai in lacquered armour with a katana at the hip'],
  ['ninja', 'Ninja', 'a stealthy ninja in a dark hooded outfit with a face mask'],
  ['gladiator', 'Gladiateur', 'a Roman gladiator with a bronze helmet, leather armour and a short sword'],
  ['musketeer', 'Mousquetaire', 'a 17th-century musketeer with a feathered hat, blue tabard and rapier'],
  ['cowboy', 'Cowboy', 'a Wild West cowboy with a wide-brimmed hat, bandana and leather vest'],
  ['pharaoh', 'Pharaon', 'an Egyptian pharaoh with a striped nemes headdress and gold jewellery'],
  ['greek-god', 'Dieu grec', 'an Olympian Greek god in a white draped chiton with a golden laurel wreath'],
  // Magic and fantasy
  ['fairy', 'Fée', 'a delicate fairy with shimmering translucent wings and a sparkling aura'],
  ['wizard', 'Magicien', 'a wise wizard with a long robe, pointed hat and glowing staff'],
  ['witch', 'Sorcière', 'a witch with a wide pointed hat, dark flowing dress and a magic potion'],
  ['elf', 'Elfe', 'a graceful elf with pointed ears, long hair and elegant forest garments'],
  ['dwarf', 'Nain', 'a sturdy dwarf with a long braided beard, helmet and battle axe'],
  ['mermaid', 'Sirène', 'a mermaid with an iridescent fish tail and seashell jewellery'],
  ['angel', 'Ange', 'an angel with large white feathered wings and a soft golden halo'],
  ['demon', 'Démon', 'a menacing demon with curved horns, glowing eyes and dark leathery wings'],
  ['vampire', 'Vampire', 'an aristocratic vampire with pale skin, fangs and a high-collared cape'],
  ['werewolf', 'Loup-garou', 'a werewolf mid-transformation with fur, claws and a wolf-like snout'],
  ['zombie', 'Zombie', 'a cinematic zombie with pale decaying skin, torn clothes and hollow eyes'],
  ['ghost', 'Fantôme', 'a translucent glowing ghost floating with wisps of ethereal mist'],
  ['mummy', 'Momie', 'an ancient mummy wrapped in aged linen bandages'],
  // Science fiction
  ['astronaut', 'Astronaute', 'an astronaut in a detailed white space suit with a reflective helmet visor'],
  ['robot', 'Robot', 'a humanoid robot with sleek metal plating, visible joints and glowing eyes'],
  ['cyborg', 'Cyborg', 'a cyborg whose face and body blend human skin with mechanical implants'],
  ['alien', 'Extraterrestre', 'a friendly extraterrestrial with otherworldly skin and large luminous eyes'],
  // Everyday heroes
  ['detective', 'Détective', 'a classic detective in a trench coat and deerstalker hat holding a magnifying glass'],
  ['spy', 'Espion', 'an elegant secret agent in a tailored suit with an earpiece'],
  ['chef', 'Chef cuisinier', 'a professional chef in a white double-breasted jacket and tall toque'],
  ['doctor', 'Médecin', 'a doctor in a white coat with a stethoscope around the neck'],
  ['firefighter', 'Pompier', 'a firefighter in protective turnout gear and helmet'],
  ['explorer', 'Explorateur', 'an adventurous explorer with a safari hat, map and weathered gear'],
  ['scientist', 'Scientifique', 'a scientist in a lab coat and safety goggles holding a glowing flask'],
  ['rock-star', 'Rock star', 'a charismatic rock star with a leather jacket and electric guitar'],
  ['clown', 'Clown', 'a circus clown with colourful make-up, red nose and oversized costume'],
  // Age and era
  ['elderly-self', 'Version âgée', 'an elderly version of the same person, with grey hair and natural wrinkles'],
  ['child-self', 'Version enfant', 'a young child version of the same person, keeping their features'],
  ['caveman', 'Homme préhistorique', 'a prehistoric cave dweller in animal furs holding a stone tool'],
]);

/**
 * A character is a costume on the same person: the face, skin, hair and age are kept unless the
 * character's own words change them (a vampire's pale skin, the elderly self's grey hair).
 */
export const CHARACTER_INSTRUCTION: CategoryInstruction = {
  lead: 'Turn the person into',
  changes: [],
  options: {
    superhero: { alsoChanges: ['pose'] },
    viking: { alsoChanges: ['hair'] },
    ninja: { alsoChanges: ['hair'] },
    pharaoh: { alsoChanges: ['hair'] },
    elf: { alsoChanges: ['hair'] },
    dwarf: { alsoChanges: ['hair'] },
    mermaid: { alsoChanges: ['pose'] },
    demon: { alsoChanges: ['skin'] },
    vampire: { alsoChanges: ['skin'] },
    werewolf: { alsoChanges: ['face', 'skin', 'hair'] },
    zombie: { alsoChanges: ['skin'] },
    ghost: { alsoChanges: ['skin', 'pose'] },
    mummy: { alsoChanges: ['face', 'skin', 'hair'] },
    robot: { alsoChanges: ['face', 'skin', 'hair'] },
    cyborg: { alsoChanges: ['skin'] },
    alien: { alsoChanges: ['face', 'skin', 'hair'] },
    clown: { alsoChanges: ['skin', 'hair'] },
    'elderly-self': { alsoChanges: ['hair', 'age'] },
    'child-self': { alsoChanges: ['age'] },
  },
};
