import { defineOptions, type CatalogOption, type OptionRow } from '../option';

/** Ids of the special actions that open their own dialog (the spec's names). */
export type ActionGroupId = 'riding' | 'sports' | 'dance' | 'music' | 'etude';

export interface ActionSubcategory {
  id: string;
  /** French title of the sub-category in the dialog. */
  name: string;
  options: readonly CatalogOption[];
}

export interface ActionGroup {
  id: ActionGroupId;
  name: string;
  /** Generic fragment, used when the group itself is chosen without a sub-option. */
  prompt: string;
  subcategories: readonly ActionSubcategory[];
}

function subcategory(id: string, name: string, rows: readonly OptionRow[]): ActionSubcategory {
  return { id, name, options: defineOptions('action', rows) };
}

const RIDING: ActionGroup = {
  id: 'riding',
  name: 'Transport',
  prompt: 'riding a vehicle, travelling with a sense of motion',
  subcategories: [
    subcategory('ground', 'Terrestre', [
      ['bicycle', 'Vélo', 'riding a bicycle along a sunny tree-lined road'],
      ['motorcycle', 'Moto', 'riding a motorcycle on an open road, leaning into a curve'],
      ['sports-car', 'Voiture de sport', 'driving a sleek red sports car with the wind in their hair'],
      ['vintage-car', 'Voiture ancienne', 'driving a polished 1950s vintage car'],
      ['convertible', 'Décapotable', 'cruising in a convertible with the top down along the coast'],
      ['steam-train', 'Train à vapeur', 'leaning out of the window of a steam train puffing white smoke'],
      ['tuk-tuk', 'Tuk-tuk', 'riding a colourful tuk-tuk through busy streets'],
      ['electric-scooter', 'Trottinette électrique', 'gliding through the city on an electric scooter'],
    ]),
    subcategory('air', 'Aérien', [
      [
        'hot-air-balloon',
        'Montgolfière',
        'floating in the basket of a colourful hot air balloon high above the landscape',
      ],
      ['helicopter', 'Hélicoptère', 'flying in a helicopter above the city, door open'],
      ['biplane', 'Biplan', 'piloting a vintage biplane with goggles and a scarf trailing in the wind'],
      ['private-jet', 'Jet privé', 'boarding a private jet on a sunlit runway'],
      ['glider', 'Planeur', 'soaring silently in a glider above the mountains'],
      ['paraglider', 'Parapente', 'paragliding under a bright canopy above green valleys'],
      ['airship', 'Dirigeable', 'travelling aboard a majestic airship among the clouds'],
      ['jetpack', 'Jetpack', 'flying with a jetpack leaving a trail of flame'],
    ]),
    subcategory('water', 'Nautique', [
      ['sailboat', 'Voilier', 'sailing a sailboat with white sails full of wind'],
      ['yacht', 'Yacht', 'relaxing on the deck of a luxury yacht'],
      ['gondola', 'Gondole', 'riding a gondola along a Venetian canal'],
      ['canoe', 'Canoë', 'paddling a wooden canoe on a calm lake'],
      ['jet-ski', 'Jet-ski', 'riding a jet ski and throwing up spray'],
      ['submarine', 'Sous-marin', 'looking out of the porthole of a submarine surrounded by fish'],
      ['pirate-ship', 'Bateau pirate', 'standing at the helm of a pirate ship with black sails'],
      ['speedboat', 'Hors-bord', 'driving a speedboat at full throttle across the waves'],
    ]),
    subcategory('animals', 'Animaux', [
      ['horse', 'Cheval', 'riding a galloping horse, mane flowing in the wind'],
      ['camel', 'Chameau', 'riding a camel across golden sand dunes'],
      ['elephant', 'Éléphant', 'riding a gentle elephant through the jungle'],
      ['donkey', 'Âne', 'riding a small donkey along a country path'],
      ['ostrich', 'Autruche', 'riding a running ostrich in a comic race'],
      ['dolphin', 'Dauphin', 'riding on the back of a leaping dolphin'],
      ['dog-sled', 'Traîneau à chiens', 'driving a dog sled pulled by huskies through the snow'],
      ['giant-turtle', 'Tortue géante', 'riding a giant sea turtle through clear blue water'],
    ]),
    subcategory('fantasy', 'Fantastique', [
      ['dragon', 'Dragon', 'riding a huge dragon soaring through the sky, wings spread wide'],
      ['unicorn', 'Licorne', 'riding a white unicorn with a shimmering horn'],
      ['pegasus', 'Pégase', 'riding a winged Pegasus above the clouds'],
      ['griffin', 'Griffon', 'riding a mighty griffin with eagle wings and a lion body'],
      ['flying-carpet', 'Tapis volant', 'sitting on a flying carpet over a desert city at night'],
      ['broomstick', 'Balai de sorcière', "flying on a witch's broomstick across a full moon"],
      ['phoenix', 'Phénix', 'riding a blazing phoenix with wings of fire'],
      ['santa-sleigh', 'Traîneau du père Noël', "riding Santa's sleigh pulled by flying reindeer"],
    ]),
  ],
};

const SPORTS: ActionGroup = {
  id: 'sports',
  name: 'Sport',
  prompt: 'playing sport with athletic energy',
  subcategories: [
    subcategory('ball', 'Ballon', [
      ['football', 'Football', 'playing football, striking the ball mid-kick'],
      ['basketball', 'Basket-ball', 'leaping for a slam dunk at a basketball hoop'],
      ['tennis', 'Tennis', 'hitting a powerful tennis forehand on a clay court'],
      ['rugby', 'Rugby', 'charging forward with a rugby ball under one arm'],
      ['volleyball', 'Volley-ball', 'spiking a volleyball at the net'],
      ['baseball', 'Baseball', 'swinging a baseball bat at an incoming pitch'],
      ['golf', 'Golf', 'finishing a golf swing on a green fairway'],
      ['handball', 'Handball', 'jumping to throw a handball at goal'],
    ]),
    subcategory('water', 'Aquatique', [
      ['surfing', 'Surf', 'surfing inside a curling ocean wave'],
      ['competitive-swimming', 'Natation', 'swimming butterfly stroke in an Olympic pool'],
      ['high-diving', 'Plongeon', 'diving gracefully from a high diving board'],
      ['scuba-diving', 'Plongée sous-marine', 'scuba diving among coral reefs with bubbles rising'],
      ['water-polo', 'Water-polo', 'throwing the ball in a water polo match'],
      ['rowing', 'Aviron', 'rowing a racing shell in perfect rhythm'],
      ['kitesurfing', 'Kitesurf', 'kitesurfing, lifted above the waves by a colourful kite'],
      ['water-skiing', 'Ski nautique', 'water skiing behind a boat with spray flying'],
    ]),
    subcategory('winter', 'Hiver', [
      ['alpine-skiing', 'Ski alpin', 'skiing down a steep slope in fresh powder'],
      ['snowboarding', 'Snowboard', 'snowboarding with a big air jump'],
      ['figure-skating', 'Patinage artistique', 'figure skating with a graceful spin on the ice'],
      ['ice-hockey', 'Hockey sur glace', 'playing ice hockey, stick raised to shoot'],
      ['bobsleigh', 'Bobsleigh', 'racing down an icy track in a bobsleigh'],
      ['curling', 'Curling', 'sliding a curling stone across the ice'],
      ['ski-jumping', 'Saut à ski', 'flying through the air in a ski jump'],
      ['cross-country-skiing', 'Ski de fond', 'cross-country skiing through a snowy forest'],
    ]),
    subcategory('combat', 'Combat', [
      ['boxing', 'Boxe', 'boxing in a ring with gloves raised'],
      ['karate', 'Karaté', 'performing a powerful karate kick in a white gi'],
      ['judo', 'Judo', 'executing a judo throw on a tatami mat'],
      ['fencing', 'Escrime', 'lunging forward in a fencing bout'],
      ['taekwondo', 'Taekwondo', 'performing a high taekwondo spinning kick'],
      ['wrestling', 'Lutte', 'grappling in a wrestling match'],
      ['kung-fu', 'Kung-fu', 'striking a kung fu stance in a temple courtyard'],
      ['sumo', 'Sumo', 'facing off in a sumo ring in a traditional stance'],
    ]),
    subcategory('extreme', 'Extrême', [
      ['rock-climbing', 'Escalade', 'rock climbing up a sheer cliff face'],
      ['skydiving', 'Parachutisme', 'skydiving in free fall above the clouds'],
      ['skateboarding', 'Skateboard', 'doing a skateboard trick in a skate park'],
      ['bmx', 'BMX', 'performing a BMX jump with the bike in mid-air'],
      ['base-jumping', 'Base jump', 'base jumping from a cliff edge'],
      ['bungee-jumping', "Saut à l'élastique", 'bungee jumping from a high bridge'],
      ['downhill-biking', 'VTT de descente', 'racing down a rocky trail on a mountain bike'],
      ['wingsuit', 'Wingsuit', 'gliding in a wingsuit along a mountain ridge'],
    ]),
    subcategory('fitness', 'Fitness', [
      ['yoga', 'Yoga', 'holding a balanced yoga pose on a mat'],
      ['pilates', 'Pilates', 'doing a controlled pilates exercise'],
      ['weightlifting', 'Haltérophilie', 'lifting a heavy barbell overhead'],
      ['bodybuilding', 'Musculation', 'training with dumbbells in a gym'],
      ['aerobics', 'Aérobic', 'doing an energetic aerobics routine'],
      ['jump-rope', 'Corde à sauter', 'skipping with a jump rope at speed'],
      ['gymnastics', 'Gymnastique', 'performing a gymnastics routine on the balance beam'],
      ['stretching', 'Étirements', 'stretching after a workout'],
    ]),
  ],
};

const DANCE: ActionGroup = {
  id: 'dance',
  name: 'Danse',
  prompt: 'dancing with graceful, expressive movement',
  subcategories: [
    subcategory('classical', 'Classique', [
      ['ballet', 'Ballet', 'dancing ballet in a tutu with elegant extended arms'],
      ['pas-de-deux', 'Pas de deux', 'performing a romantic ballet pas de deux'],
      ['pointe-work', 'Danse sur pointes', 'dancing en pointe in satin ballet shoes'],
      ['swan-lake', 'Lac des cygnes', 'dancing the white swan from Swan Lake'],
      ['pirouette', 'Pirouette', 'spinning in a perfect pirouette'],
      ['grand-jete', 'Grand jeté', 'leaping in a grand jeté, legs in a full split'],
      ['arabesque', 'Arabesque', 'holding a graceful arabesque on one leg'],
      ['neoclassical-ballet', 'Ballet néoclassique', 'dancing an angular neoclassical ballet'],
    ]),
    subcategory('latin', 'Latine', [
      ['salsa', 'Salsa', 'dancing salsa with quick steps and swirling skirt'],
      ['argentine-tango', 'Tango argentin', 'dancing a passionate Argentine tango in a close embrace'],
      ['bachata', 'Bachata', 'dancing a sensual bachata'],
      ['samba', 'Samba', 'dancing samba in a vibrant carnival parade'],
      ['cha-cha', 'Cha-cha-cha', 'dancing a lively cha-cha-cha'],
      ['rumba', 'Rumba', 'dancing a slow, expressive rumba'],
      ['merengue', 'Merengue', 'dancing a joyful merengue'],
      ['mambo', 'Mambo', 'dancing an exuberant mambo'],
    ]),
    subcategory('ballroom', 'Salon', [
      ['waltz', 'Valse', 'waltzing across a grand ballroom'],
      ['viennese-waltz', 'Valse viennoise', 'spinning in a fast Viennese waltz under chandeliers'],
      ['foxtrot', 'Foxtrot', 'gliding in a smooth foxtrot'],
      ['quickstep', 'Quickstep', 'dancing an energetic quickstep'],
      ['paso-doble', 'Paso doble', 'striking a dramatic paso doble pose'],
      ['swing', 'Swing', 'dancing swing with a joyful spin'],
      ['lindy-hop', 'Lindy hop', 'dancing a lindy hop with an acrobatic lift'],
      ['charleston', 'Charleston', 'dancing the Charleston with kicking feet'],
    ]),
    subcategory('street', 'Urbaine', [
      ['hip-hop', 'Hip-hop', 'dancing hip-hop with sharp, confident moves'],
      ['breakdance', 'Breakdance', 'breakdancing in a freeze on one hand'],
      ['popping', 'Popping', 'popping with robotic muscle hits'],
      ['locking', 'Locking', 'locking with funky pointing and wrist rolls'],
      ['krump', 'Krump', 'krumping with intense, powerful movements'],
      ['voguing', 'Voguing', 'voguing with dramatic hand poses'],
      ['house-dance', 'House dance', 'dancing house with fast fluid footwork'],
      ['electro-dance', 'Électro', 'electro dancing with fast arm movements under club lights'],
    ]),
    subcategory('traditional', 'Traditionnelle', [
      ['flamenco', 'Flamenco', 'dancing flamenco with a ruffled dress and raised arms'],
      ['irish-step-dance', 'Danse irlandaise', 'Irish step dancing with straight arms and quick feet'],
      ['bollywood', 'Bollywood', 'dancing a colourful Bollywood number'],
      ['hula', 'Hula', 'dancing hula with a flower lei'],
      ['belly-dance', 'Danse orientale', 'belly dancing with a jingling coin scarf'],
      ['haka', 'Haka', 'performing a powerful Maori haka'],
      ['cossack-dance', 'Danse cosaque', 'doing a squatting Cossack dance kick'],
      ['folk-dance', 'Danse folklorique', 'dancing a folk dance in traditional costume'],
    ]),
    subcategory('performance', 'Spectacle', [
      ['contemporary-dance', 'Danse contemporaine', 'performing an expressive contemporary dance'],
      ['french-cancan', 'French cancan', 'dancing the French cancan with high kicks and ruffled skirts'],
      ['tap-dance', 'Claquettes', 'tap dancing with shiny tap shoes'],
      ['modern-jazz', 'Modern jazz', 'dancing modern jazz with sharp stylish lines'],
      ['aerial-silks', 'Danse aérienne', 'performing an aerial silks routine high above the stage'],
      ['musical-theatre', 'Comédie musicale', 'singing and dancing in a Broadway musical number'],
      ['fire-dance', 'Danse du feu', 'spinning fire poi in a fire dance at night'],
      ['butoh', 'Butô', 'performing slow, haunting butoh dance'],
    ]),
  ],
};

const MUSIC: ActionGroup = {
  id: 'music',
  name: 'Musique',
  prompt: 'making music with passion',
  subcategories: [
    subcategory('classical', 'Classique', [
      ['conductor', "Chef d'orchestre", 'conducting a symphony orchestra with a baton'],
      ['opera-singer', "Chanteur d'opéra", 'singing an aria on an opera stage'],
      ['string-quartet', 'Quatuor à cordes', 'playing in a string quartet'],
      ['concert-pianist', 'Pianiste de concert', 'playing a grand piano on a concert stage'],
      ['solo-violinist', 'Violoniste soliste', 'performing a violin solo with intense emotion'],
      ['cellist', 'Violoncelliste', 'playing the cello with eyes closed'],
      ['harpist', 'Harpiste', 'playing a golden concert harp'],
      ['choir', 'Chorale', 'singing in a choir holding a music folder'],
    ]),
    subcategory('modern', 'Moderne', [
      ['rock-guitarist', 'Guitariste rock', 'shredding an electric guitar solo on stage'],
      ['pop-singer', 'Chanteuse pop', 'singing into a microphone as a pop star'],
      ['rapper', 'Rappeur', 'rapping into a microphone with expressive hand gestures'],
      ['dj', 'DJ', 'mixing tracks as a DJ behind turntables'],
      ['jazz-saxophonist', 'Saxophoniste de jazz', 'playing a jazz saxophone solo'],
      ['punk-band', 'Groupe punk', 'singing in a punk band with raw energy'],
      ['metal-drummer', 'Batteur metal', 'pounding a double-kick drum kit in a metal band'],
      ['kpop-idol', 'Idole K-pop', 'performing synchronised K-pop choreography with a headset mic'],
    ]),
    subcategory('traditional', 'Traditionnelle', [
      ['bagpipes', 'Cornemuse', 'playing the bagpipes'],
      ['accordion', 'Accordéon', 'playing an accordion'],
      ['sitar', 'Sitar', 'playing a sitar cross-legged'],
      ['djembe', 'Djembé', 'drumming on a djembe'],
      ['flamenco-guitar', 'Guitare flamenca', 'playing flamenco guitar with rapid strumming'],
      ['didgeridoo', 'Didgeridoo', 'playing a didgeridoo'],
      ['koto', 'Koto', 'playing a Japanese koto'],
      ['mariachi', 'Mariachi', 'playing in a mariachi band with a sombrero'],
    ]),
    subcategory('performance', 'Scène', [
      ['stadium-concert', 'Concert en stade', 'performing to a huge stadium crowd with pyrotechnics'],
      ['street-musician', 'Musicien de rue', 'busking on a street corner with an open instrument case'],
      ['open-air-festival', 'Festival en plein air', 'performing on a festival stage at sunset'],
      ['jazz-club-gig', 'Concert en club de jazz', 'playing in a smoky jazz club'],
      ['karaoke', 'Karaoké', 'singing karaoke with friends'],
      ['acoustic-session', 'Session acoustique', 'playing an intimate acoustic session'],
      ['marching-band', 'Fanfare', 'marching in a brass band parade'],
      ['rooftop-concert', 'Concert sur un toit', 'playing a rooftop concert above the city'],
    ]),
    subcategory('instruments', 'Instruments', [
      ['piano', 'Piano', 'playing the piano'],
      ['acoustic-guitar', 'Guitare acoustique', 'playing an acoustic guitar'],
      ['electric-guitar', 'Guitare électrique', 'playing an electric guitar'],
      ['drums', 'Batterie', 'playing the drums'],
      ['violin', 'Violon', 'playing the violin'],
      ['saxophone', 'Saxophone', 'playing the saxophone'],
      ['trumpet', 'Trompette', 'playing the trumpet'],
      ['flute', 'Flûte traversière', 'playing the flute'],
    ]),
    subcategory('recording', 'Studio', [
      ['recording-studio', "Studio d'enregistrement", 'recording music in a professional studio'],
      ['vocal-booth', 'Cabine de chant', 'singing into a studio microphone with a pop filter'],
      ['mixing-desk', 'Table de mixage', 'working at a large mixing desk'],
      ['podcast', 'Podcast', 'recording a podcast with a microphone and headphones'],
      ['beat-making', 'Production de beats', 'making beats on a drum machine'],
      ['vinyl-decks', 'Platines vinyle', 'scratching vinyl records on turntables'],
      ['music-video', 'Tournage de clip', 'starring in a music video shoot'],
      ['radio-show', 'Émission de radio', 'hosting a live radio show'],
    ]),
  ],
};

const STUDY: ActionGroup = {
  id: 'etude',
  name: 'Études',
  prompt: 'studying with curiosity and focus',
  subcategories: [
    subcategory('sciences', 'Sciences', [
      ['chemistry-lab', 'Laboratoire de chimie', 'doing a chemistry experiment with colourful bubbling flasks'],
      ['microscope', 'Microscope', 'looking through a microscope'],
      ['astronomy', 'Astronomie', 'observing the night sky through a telescope'],
      ['field-biology', 'Biologie de terrain', 'studying plants and insects outdoors with a notebook'],
      ['physics-experiment', 'Expérience de physique', 'demonstrating a physics experiment with a Tesla coil'],
      ['mathematics', 'Mathématiques', 'solving equations on a chalkboard'],
      ['geology', 'Géologie', 'examining rock samples with a magnifying glass'],
      ['botany', 'Botanique', 'studying plants in a greenhouse'],
    ]),
    subcategory('humanities', 'Lettres', [
      ['library-study', 'Révision en bibliothèque', 'studying among piles of books in a library'],
      ['history', 'Histoire', 'studying ancient maps and manuscripts'],
      ['philosophy', 'Philosophie', 'reading philosophy deep in thought'],
      ['creative-writing', 'Écriture', 'writing with a quill pen on parchment'],
      ['foreign-languages', 'Langues étrangères', 'learning foreign languages with flashcards'],
      ['archaeology', 'Archéologie', 'excavating an ancient artefact with a brush'],
      ['geography', 'Géographie', 'spinning a globe and pointing at a country'],
      ['debate', 'Éloquence', 'giving a speech at a debate podium'],
    ]),
    subcategory('technology', 'Technologie', [
      ['coding', 'Programmation', 'coding on multiple screens full of code'],
      ['robotics', 'Robotique', 'building a small robot on a workbench'],
      ['electronics', 'Électronique', 'soldering a circuit board'],
      ['3d-printing', 'Impression 3D', 'watching a 3D printer build an object'],
      ['virtual-reality', 'Réalité virtuelle', 'exploring virtual reality with a VR headset'],
      ['artificial-intelligence', 'Intelligence artificielle', 'working with holographic AI data visualisations'],
      ['drone-piloting', 'Pilotage de drone', 'piloting a drone with a remote controller'],
      ['aerospace-engineering', 'Ingénierie aérospatiale', 'designing a rocket model with technical drawings'],
    ]),
    subcategory('arts', 'Arts', [
      ['drawing-class', 'Cours de dessin', 'sketching in a drawing class'],
      ['sculpture', 'Sculpture', 'sculpting a clay bust'],
      ['photography', 'Photographie', 'learning photography with a professional camera'],
      ['pottery', 'Poterie', 'shaping clay on a spinning pottery wheel'],
      ['architecture', 'Architecture', 'building an architectural scale model'],
      ['fashion-design', 'Stylisme', 'designing clothes on a dress form with fabric swatches'],
      ['music-theory', 'Solfège', 'studying sheet music at a piano'],
      ['film-making', 'Cinéma', 'directing a film with a clapperboard and camera'],
    ]),
  ],
};

export const ACTION_GROUPS: readonly ActionGroup[] = [RIDING, SPORTS, DANCE, MUSIC, STUDY];

export function getActionGroup(id: string): ActionGroup | undefined {
  return ACTION_GROUPS.find((group) => group.id === id);
}

/** Every option reachable through the group dialogs. */
export const ACTION_GROUP_SUBOPTIONS: readonly CatalogOption[] = ACTION_GROUPS.flatMap((group) =>
  group.subcategories.flatMap((sub) => sub.options),
);
