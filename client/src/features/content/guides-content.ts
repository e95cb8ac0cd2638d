import type { GuideSummary } from './guides-index';

/** A guide's sections: what you need, the steps, the mistakes to avoid, and any extra sections. */
export interface GuideContent {
  intro: string[];
  /** Sections shown before the materials, e.g. background on the choices. */
  background?: Array<{ title: string; paragraphs: string[]; points?: Array<{ term: string; text: string }> }>;
  materials: string[];
  steps: Array<{ title: string; text: string }>;
  mistakes: Array<{ mistake: string; fix: string }>;
  closing?: string;
}

/** The full text of each growing guide (docs/product.md#real-features, item 8). */
export const GUIDE_CONTENT: Record<GuideSummary['slug'], GuideContent> = {
  'rooting-cuttings': {
    intro: [
      'A dragon fruit cutting is a length of stem cut from a mature plant. Because dragon fruit is a cactus, the stem stores enough water to live for weeks without roots, and it grows new roots readily from its base once the cut has dried and sealed over. Rooted this way, a cutting is a clone of its parent and usually flowers in one to three years, far sooner than a plant grown from seed.',
      'Most failures come from too much water and too little patience. The method below keeps the base dry enough to avoid rot and warm enough to root fast.',
    ],
    materials: [
      'A healthy, firm cutting 6-12 inches long (longer cuttings root and fruit sooner) or a multi-tip section',
      'Clean, sharp pruners or a knife, wiped with rubbing alcohol before each cut',
      'A pot of 1 gallon or more with drainage holes (terracotta dries fastest)',
      'Fast-draining mix: cactus and succulent mix, or potting soil mixed half and half with perlite or pumice',
      'A short stake and a soft tie (cloth strip or plant tape) to hold the cutting upright',
      'A permanent marker to mark the bottom end',
      'Optional: rooting hormone powder, and powdered sulfur or cinnamon to dust the cut',
    ],
    steps: [
      {
        title: 'Mark the bottom end',
        text: 'A cutting only roots from the end that was nearer the base of the parent plant. Look at the areoles (the bumps carrying the small spines): the spines point slightly toward the tip. Mark the bottom with an arrow as soon as the cutting is taken or unpacked.',
      },
      {
        title: 'Let the cut callus',
        text: 'Leave the cutting in a dry, shaded, airy spot for 5-7 days, or up to two weeks in humid weather, until the cut end is dry, hard and sealed. Cuttings bought from a nursery usually arrive already callused; if the end looks dry and firm you can plant at once.',
      },
      {
        title: 'Prepare the base (optional)',
        text: 'Some growers trim the wings back by an inch at the base to expose the woody core, dip the end in rooting hormone and dust it with sulfur against fungus. None of this is required: a well-callused cutting roots without help.',
      },
      {
        title: 'Plant 1-2 inches deep',
        text: 'Fill the pot with barely moist mix, push the cutting in 1-2 inches deep (no deeper than 3), firm the mix around it and tie it to the stake so it cannot rock. Movement tears off new roots.',
      },
      {
        title: 'Water sparingly',
        text: 'Give a light watering after planting, then let the mix dry almost completely before watering again, usually once a week. The cutting has no roots to take up water yet; wet mix around the base is what causes rot.',
      },
      {
        title: 'Keep it warm and bright, not scorched',
        text: 'Roots form fastest at 70-85°F. Place the pot in bright, indirect light or morning sun. Harsh afternoon sun yellows an unrooted cutting; move it into full sun gradually over two or three weeks once it starts to grow.',
      },
      {
        title: 'Look for signs of roots',
        text: 'Roots usually form in 2-4 weeks. A gentle tug that meets resistance, and later a new bud swelling from an areole, mean it has rooted. New growth is often pale and thin at first and firms up in the sun.',
      },
      {
        title: 'Transplant and feed',
        text: 'When new growth is a few inches long, usually after 2-3 months, plant it beside its permanent support in the ground or in a 15-25 gallon container, and start feeding lightly. Until then, no fertiliser: it burns new roots.',
      },
    ],
    mistakes: [
      {
        mistake: 'Planting before the cut has callused',
        fix: 'A fresh wound sitting in damp mix rots within days. Wait until the end is dry and hard.',
      },
      {
        mistake: 'Planting upside down',
        fix: 'An upside-down cutting never roots. Mark the bottom when you take it.',
      },
      {
        mistake: 'Overwatering or heavy soil',
        fix: 'A soft, brown or smelly base means rot. Use a gritty mix, a pot with holes, and water only when the mix is nearly dry. Cut above rotten tissue, let it callus again and replant.',
      },
      {
        mistake: 'Planting too deep',
        fix: 'More than 2-3 inches of buried stem stays wet and rots. One to two inches is enough to hold it with a stake.',
      },
      {
        mistake: 'Full hot sun from day one',
        fix: 'Yellow or white bleached patches are sunburn. Start in bright shade and move into sun gradually.',
      },
      {
        mistake: 'Starting in cold weather',
        fix: 'Below about 60°F rooting almost stops and the risk of rot grows. Start cuttings in late spring or summer, or indoors with bottom heat.',
      },
      {
        mistake: 'Checking the roots every few days',
        fix: 'Pulling the cutting up breaks the fine new roots. A gentle tug after three weeks is all the checking it needs.',
      },
    ],
  },

  'support-systems': {
    intro: [
      'Dragon fruit is a climbing cactus: in the wild it scrambles up trees, holding on with aerial roots. In a garden it needs a support from the day it is planted, and a strong one. A mature plant with a full head of stems and fruit can weigh well over 100 pounds and catches the wind like a sail.',
      'The best support holds the main stem upright to about 5-6 feet, then lets the branches hang down over a ring or frame. Hanging stems are the ones that flower and fruit.',
    ],
    background: [
      {
        title: 'Choosing a support',
        paragraphs: ['Pick one that suits your space; all three work for home growers.'],
        points: [
          {
            term: 'Post and ring',
            text: 'A single post 5-6 feet tall with a ring or cross-frame on top: the classic backyard support. One post carries one to four plants and forms a compact "umbrella" of hanging stems.',
          },
          {
            term: 'Trellis',
            text: 'A row of posts joined by crossbars or heavy wires at 5-6 feet, as commercial growers use. Stems drape over the wires along the whole row, giving more fruiting length per plant. Best for a fence line or several plants.',
          },
          {
            term: 'Container support',
            text: 'For a 15-25 gallon pot: a sturdy stake or short post set in the pot with a small ring, or a heavy-gauge cage. Keep the plant pruned to a size the pot can carry, and use a wide, heavy pot so it does not tip.',
          },
        ],
      },
    ],
    materials: [
      'A post 7-8 feet long so that 5-6 feet stands above ground: 4-inch square concrete, rot-resistant 4x4 or 6x6 lumber, or galvanised steel pipe',
      'Quick-setting concrete, about two 50-pound bags per post',
      'A top support 2-3 feet across: an old tyre, a bicycle rim, a metal ring, or a square frame of 2x4 lumber',
      'Galvanised bolts or heavy screws to fix the top support',
      'Soft ties: cloth strips, old nylon stockings or stretchy plant tape (never bare wire)',
      'A post-hole digger, a spirit level and a drill',
      'For a trellis: extra posts 8-10 feet apart, and crossbars or 12-gauge wire with tensioners',
    ],
    steps: [
      {
        title: 'Pick a sunny, well-drained spot',
        text: 'Dragon fruit wants at least 6 hours of sun and roots that never stand in water. Leave 8-10 feet between posts, or between trellis rows, so you can walk around the plants to prune and pick.',
      },
      {
        title: 'Set the post in concrete',
        text: 'Dig a hole 18-24 inches deep, stand the post in it, check it is vertical on two sides with the level, and fill with concrete. Let it cure for at least two days before loading it.',
      },
      {
        title: 'Fix the top support',
        text: 'Bolt the ring, tyre or cross-frame to the top of the post at 5-6 feet. Fruit hangs at a comfortable picking height and the stems clear the ground.',
      },
      {
        title: 'Plant around the post',
        text: 'Plant one to four rooted plants or cuttings about 6 inches from the post, on different sides. More plants per post fill the top faster.',
      },
      {
        title: 'Train one main stem up',
        text: 'Tie the strongest stem of each plant to the post every 8-12 inches as it grows, loosely enough for it to thicken. Remove side shoots below the top so the plant puts its energy into climbing.',
      },
      {
        title: 'Tip the stem at the top',
        text: 'When the main stem reaches the ring, cut off its tip. It branches just below the cut; guide these branches over the ring so they hang down on every side.',
      },
      {
        title: 'Prune once a year',
        text: 'After the last harvest, remove damaged, crossing and ground-touching stems and thin crowded ones so light and air reach the centre. Shorten over-long stems to keep the weight balanced around the post.',
      },
    ],
    mistakes: [
      {
        mistake: 'A post that is too short or too thin',
        fix: 'A mature plant is heavy and top-loaded. Use at least a 4-inch post and set it in concrete.',
      },
      {
        mistake: 'Untreated softwood posts',
        fix: 'Pine rots at ground level within a few years, just as the plant reaches full size. Use concrete, steel or rot-resistant lumber.',
      },
      {
        mistake: 'Tying with wire or tight cable ties',
        fix: 'Stems thicken and the tie cuts in. Use soft, stretchy ties and check them each season.',
      },
      {
        mistake: 'Letting the plant bush out low',
        fix: 'Side shoots near the ground delay fruiting and make a tangle. Keep a single trunk to the top first.',
      },
      {
        mistake: 'No ring or frame at the top',
        fix: 'Without support, heavy stems bend and snap at the top of the post once they carry fruit.',
      },
      {
        mistake: 'Bare metal in full sun',
        fix: 'Steel gets hot enough to scorch the stems that touch it. Wrap metal posts and rings, or choose wood or concrete.',
      },
    ],
  },

  pollination: {
    intro: [
      "Dragon fruit flowers are spectacular and short-lived: each one opens at dusk and has closed by the next morning. In the plant's native range bats and large moths pollinate them at night; in gardens, bees visit early in the morning before the flower shuts. Often that is not enough, which is why growers hand-pollinate.",
      'Whether you must do it depends on the variety. Even where you need not, hand pollination usually gives bigger, sweeter fruit, because fruit size follows the number of seeds fertilised.',
    ],
    background: [
      {
        title: 'Self-pollinating or cross-pollinating?',
        paragraphs: [
          'Each listing in the marketplace says which kind it is. Every plant of a named variety is a clone of the same original plant, so a second plant of the same variety does not count as a partner.',
        ],
        points: [
          {
            term: 'Self-pollinating (self-fertile)',
            text: 'Pollen from the same flower, or another flower of the same variety, sets fruit. Sugar Dragon, American Beauty, Yellow Dragon, Red Jaina, Vietnamese White, Thai Red and Dark Star are grown this way. One plant is enough, and hand pollination still improves the fruit.',
          },
          {
            term: 'Cross-pollinating (self-sterile)',
            text: 'The flower needs pollen from a different, compatible variety. Physical Graffiti and Valdivia Roja are examples. Plant a self-fertile variety nearby that flowers at the same time, and carry pollen between them.',
          },
        ],
      },
    ],
    materials: [
      'A flashlight or headlamp',
      'A small, soft paintbrush (or a cotton swab)',
      'A small cup or bowl to collect pollen',
      'Tags or twist ties to mark the flowers you pollinated, with the date',
      'For cross-pollinating varieties: a flower of a second variety opening the same night, or saved pollen',
      'Optional: a small airtight container to keep spare pollen in the freezer for a flower that opens on another night',
      'Optional: paper bags to cover flowers if rain is forecast',
    ],
    steps: [
      {
        title: 'Spot the buds that will open tonight',
        text: 'Flowers come in flushes from early summer to autumn, two to three weeks after the buds first appear. On the day it opens, a bud is fat and the tips of its outer petals loosen in the afternoon.',
      },
      {
        title: 'Go out after dark',
        text: 'Flowers open fully between about 8 and 10 pm. Pollinate any time from then until early morning; pollen is freshest in the first hours.',
      },
      {
        title: 'Collect the pollen',
        text: 'The anthers are the hundreds of cream-yellow stamens ringed around the centre of the flower. Hold the cup under them and tap or brush them so the pollen falls in, or simply load the brush directly.',
      },
      {
        title: 'Brush it onto the stigma',
        text: 'The stigma is the long central stalk ending in a star of pale lobes, standing above the anthers. Brush pollen generously onto every lobe. For a cross-pollinating variety, use pollen from the other variety.',
      },
      {
        title: 'Tag the flower',
        text: 'Mark it with the date so you can tell which flowers set fruit, and which varieties pair well in your garden.',
      },
      {
        title: 'Check the result a few days later',
        text: 'A pollinated flower wilts and shrivels but its base (the ovary) stays green and starts to swell within a week. An unsuccessful one turns yellow and drops. Fruit is usually ripe 30-50 days after flowering, when the skin has coloured fully and the fins begin to wither.',
      },
    ],
    mistakes: [
      {
        mistake: 'Waiting until late morning',
        fix: 'The flower closes by mid-morning and the stigma stops taking pollen. Pollinate at night or at first light.',
      },
      {
        mistake: 'Pairing two plants of the same variety',
        fix: 'They are clones, so a self-sterile variety stays unpollinated. Use a different variety.',
      },
      {
        mistake: 'Using too little pollen',
        fix: 'Small fruit comes from few fertilised seeds. Cover the whole stigma.',
      },
      {
        mistake: 'Letting rain wash it off',
        fix: 'Rain soon after pollinating can ruin the set. Cover the flower with a paper bag on wet nights and remove it the next day.',
      },
      {
        mistake: 'Handling the stigma roughly',
        fix: 'Brush lightly; a bruised or broken stigma cannot be pollinated.',
      },
      {
        mistake: 'Giving up after one failed flower',
        fix: 'Plants flower in several flushes each season. Keep notes and try again on the next one.',
      },
    ],
  },
};
