/**
 * The demo catalogue seeded on an empty database (SEED_DEMO). Every product is drawn by
 * scripts/demo-art/garment-art.ts in each of its colours, front (main image) and back (hover
 * image), and rendered ahead of time into api/seed-art (`npm run demo-art`).
 */
import type { SeedProduct } from './catalogue-types.js';

export const SEED_PRODUCTS: readonly SeedProduct[] = [
  // ---------------------------------------------------------------- 1 Elegance
  {
    key: 'elegance-noir-silk-bomber',
    categoryId: 1,
    priceCents: 28900,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    garment: 'bomber',
    en: {
      name: 'Noir Silk Bomber',
      description:
        'A bomber cut from heavy washed silk that falls softly and catches the light with a quiet sheen. Ribbed collar, cuffs and hem keep the classic flight-jacket shape, while a two-way metal zip and a utility sleeve pocket give it its edge. Relaxed through the body: wear it over a tee or with tailored trousers.',
    },
    bg: {
      name: 'Копринен бомбър Noir',
      description:
        'Бомбър от плътна изпрана коприна, която пада меко и улавя светлината с деликатен блясък. Рипсената яка, маншетите и долният ръб пазят класическата форма на пилотското яке, а двупосочният метален цип и джобът на ръкава му придават характер. Свободна кройка – носете го върху тениска или с класически панталон.',
    },
    colors: [
      { name: 'Onyx', hex: '#17171a', accent: '#b89b5e' },
      { name: 'Champagne', hex: '#d8c5a4', accent: '#4a3d2c' },
      { name: 'Bordeaux', hex: '#581a25', accent: '#cdb48c' },
    ],
    gallery: 'Onyx',
  },
  {
    key: 'elegance-tailored-wool-trouser',
    categoryId: 1,
    priceCents: 19500,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    garment: 'trousers',
    en: {
      name: 'Tailored Wool Trouser',
      description:
        'A wide-leg trouser in Italian wool twill with a sharp pressed crease and a single front pleat. The high rise and clean waistband sit neatly with a tucked-in tee, and the weight of the cloth gives every step a proper swing. Lined to the knee.',
    },
    bg: {
      name: 'Вълнен панталон Tailored',
      description:
        'Широк панталон от италиански вълнен туил с ясно изгладени ръбове и по една плисета отпред. Високата талия и изчистеният колан изглеждат най-добре с тениска, пъхната в панталона, а тежестта на плата кара крачолите да се движат красиво при всяка крачка. С подплата до коляното.',
    },
    colors: [
      { name: 'Charcoal', hex: '#3a3b40', accent: '#1e1f22' },
      { name: 'Camel', hex: '#ad8a5f', accent: '#5e452b' },
      { name: 'Ivory', hex: '#ebe5d8', accent: '#9e927e' },
    ],
  },
  {
    key: 'elegance-midnight-slip-dress',
    categoryId: 1,
    priceCents: 22900,
    sizes: ['XS', 'S', 'M', 'L'],
    garment: 'dress',
    en: {
      name: 'Midnight Slip Dress',
      description:
        'A bias-cut slip dress in sand-washed satin that skims the body and falls to mid-calf. Fine adjustable straps, a soft cowl neckline and a low, crossed back. Throw a hoodie over it and it works just as well: it was made for both.',
    },
    bg: {
      name: 'Сатенена рокля Midnight',
      description:
        'Рокля тип комбинезон от матиран сатен, скроена по косо – следва линиите на тялото и стига до средата на прасеца. Тънки регулируеми презрамки, меко драпирано деколте и дълбок гръб с кръстосани презрамки. Сложете худи отгоре и пак ще стои чудесно – създадена е и за двата стила.',
    },
    colors: [
      { name: 'Midnight', hex: '#15151b', accent: '#6e6e7a' },
      { name: 'Champagne', hex: '#e0cba8', accent: '#a3865a' },
      { name: 'Oxblood', hex: '#4d1520', accent: '#8e3b49' },
    ],
  },
  {
    key: 'elegance-atelier-overcoat',
    categoryId: 1,
    priceCents: 42000,
    sizes: ['S', 'M', 'L', 'XL'],
    garment: 'coat',
    en: {
      name: 'Atelier Overcoat',
      description:
        'A long single-breasted overcoat in double-faced wool and cashmere, with a soft shoulder and a relaxed, straight line to below the knee. Notch lapels, horn buttons and a back vent. Heavy enough for January, easy enough to throw over training gear.',
    },
    bg: {
      name: 'Палто Atelier',
      description:
        'Дълго едноредно палто от двулицева вълна с кашмир, с мека линия на раменете, права свободна кройка и дължина под коляното. Класически ревери, копчета от рог и цепка на гърба. Достатъчно топло за януари и достатъчно семпло, за да го наметнете върху екипа след тренировка.',
    },
    colors: [
      { name: 'Camel', hex: '#a9865c', accent: '#3b2a1c' },
      { name: 'Onyx', hex: '#1a1a1d', accent: '#7a2230' },
      { name: 'Slate', hex: '#5a6169', accent: '#d3cdc2' },
    ],
  },
  {
    key: 'elegance-oversized-poplin-shirt',
    categoryId: 1,
    priceCents: 14900,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    garment: 'shirt',
    en: {
      name: 'Oversized Poplin Shirt',
      description:
        'An oversized shirt in crisp cotton poplin with dropped shoulders, a long curved hem and a box pleat at the back. A structured collar, mother-of-pearl buttons and deep barrel cuffs. Wear it buttoned to the top or open over a vest.',
    },
    bg: {
      name: 'Риза Oversized от поплин',
      description:
        'Широка риза от плътен памучен поплин със спуснати рамене, удължен заоблен подгъв и плисе на гърба. Твърда яка, седефени копчета и високи маншети. Носете я закопчана догоре или разкопчана върху потник.',
    },
    colors: [
      { name: 'Ivory', hex: '#f0ebe1', accent: '#cfc4b1' },
      { name: 'Onyx', hex: '#19191c', accent: '#3a3a3e' },
      { name: 'Slate Blue', hex: '#6b7d93', accent: '#ebe6dc' },
    ],
  },

  // ------------------------------------------------------------ 2 Pump Covers
  {
    key: 'pump-cover-heavyweight-hoodie',
    categoryId: 2,
    priceCents: 11900,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    garment: 'hoodie',
    en: {
      name: 'Pump Cover Hoodie',
      description:
        'Our heaviest hoodie: 480 gsm brushed-back fleece, cut boxy and oversized, with dropped shoulders and a double-layer hood. Long ribbed cuffs stack at the wrist and the kangaroo pocket takes a phone and keys. Throw it on between sets and keep the pump under wraps until you are ready.',
    },
    bg: {
      name: 'Худи Pump Cover',
      description:
        'Най-тежкото ни худи: 480 г/м² ватиран памук с мека вътрешна страна, скроено широко, със спуснати рамене и двуслойна качулка. Дългите рипсени маншети се набират на китката, а джобът тип „кенгуру“ побира телефон и ключове. Наметнете го между сериите и пазете пъмпа скрит, докато не решите да го покажете.',
    },
    colors: [
      { name: 'Onyx', hex: '#18181b', accent: '#d8d2c6' },
      { name: 'Bone', hex: '#e5ded1', accent: '#2b2b2b' },
      { name: 'Olive', hex: '#4f5339', accent: '#d9d3c1' },
    ],
  },
  {
    key: 'pump-cover-cropped-hoodie',
    categoryId: 2,
    priceCents: 9900,
    sizes: ['XS', 'S', 'M', 'L'],
    garment: 'crop-hoodie',
    en: {
      name: 'Cropped Pump Hoodie',
      description:
        'A cropped, boxy hoodie in 420 gsm loopback cotton with a raw-cut hem that sits just above the waist. Full-length sleeves with long cuffs, a generous hood and no pocket to break the line. Made for layering over a sports bra or a fitted training top.',
    },
    bg: {
      name: 'Късо худи Pump',
      description:
        'Късо худи с широка кройка от 420 г/м² памук с бримкова вътрешна страна и необработен подгъв точно над талията. Дълги ръкави с високи маншети, обемна качулка и без джоб, който да нарушава линията. Създадено да се носи върху спортно бюстие или прилепнал тренировъчен топ.',
    },
    colors: [
      { name: 'Sand', hex: '#c9b593', accent: '#4a3f30' },
      { name: 'Slate', hex: '#4c535b', accent: '#e0dbd2' },
      { name: 'Burgundy', hex: '#5b1e2a', accent: '#e3d7c8' },
    ],
  },
  {
    key: 'pump-cover-sleeveless-tee',
    categoryId: 2,
    priceCents: 6900,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    garment: 'pump-cover',
    en: {
      name: 'Sleeveless Pump Cover',
      description:
        'A heavy, oversized tee with the sleeves cut away and deep dropped armholes that show just enough. 300 gsm garment-dyed jersey with raw edges that roll softly after a few washes, and a long boxy body that stays on until the last set. Tonal puff print across the back.',
    },
    bg: {
      name: 'Pump Cover без ръкави',
      description:
        'Тежка широка тениска без ръкави с дълбоки изрязани ханройки, които показват точно колкото трябва. Трикотаж 300 г/м², боядисан след ушиване, с необработени краища, които меко се навиват след няколко пранета, и дълга права кройка, която носите до последната серия. Тонален релефен печат на гърба.',
    },
    colors: [
      { name: 'Olive', hex: '#55593d', accent: '#ece6d8' },
      { name: 'Onyx', hex: '#17171a', accent: '#e9e4da' },
      { name: 'Heather Grey', hex: '#9b9a97', accent: '#1c1c1c' },
    ],
  },
  {
    key: 'pump-cover-zip-hoodie',
    categoryId: 2,
    priceCents: 12900,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    garment: 'zip-hoodie',
    en: {
      name: 'Zip Pump Cover',
      description:
        'A full-zip hoodie in heavyweight fleece with a two-way metal zip: open it from the bottom on the bench, or all the way for the reveal. Split kangaroo pockets, a double-layer hood with flat drawcords and long ribbed cuffs. Oversized through the body and shoulders.',
    },
    bg: {
      name: 'Худи с цип Pump Cover',
      description:
        'Худи с цял цип от плътен ватиран памук и двупосочен метален цип – отваряте го отдолу на лежанката или изцяло, когато дойде моментът. Разделен джоб тип „кенгуру“, двуслойна качулка с плоски връзки и дълги рипсени маншети. Широка кройка в тялото и раменете.',
    },
    colors: [
      { name: 'Bone', hex: '#e3dccf', accent: '#3a3a3a' },
      { name: 'Onyx', hex: '#151518', accent: '#bdbdbd' },
      { name: 'Cobalt', hex: '#24418c', accent: '#e8e4dc' },
    ],
  },
  {
    key: 'pump-cover-cargo-jogger',
    categoryId: 2,
    priceCents: 9500,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    garment: 'joggers',
    en: {
      name: 'Cargo Jogger',
      description:
        'Heavyweight fleece joggers with a relaxed thigh, a tapered leg and long ribbed cuffs that stack at the ankle. Snap-flap cargo pockets, a wide elastic waistband with a flat drawcord and a zipped back pocket. The bottom half of the pump-cover set.',
    },
    bg: {
      name: 'Джогър Cargo',
      description:
        'Плътно ватирано долнище със свободно бедро, стесняващ се крачол и дълги рипсени маншети, които се набират на глезена. Карго джобове с капак и тик-так копче, широк ластичен колан с плоска връзка и заден джоб с цип. Долната половина на комплекта Pump Cover.',
    },
    colors: [
      { name: 'Onyx', hex: '#19191b', accent: '#d8d2c6' },
      { name: 'Olive', hex: '#4c5036', accent: '#e0dac8' },
      { name: 'Sand', hex: '#c4b08f', accent: '#4a3f30' },
    ],
  },

  // ------------------------------------------------------------- 3 Confidence
  {
    key: 'confidence-second-skin-compression',
    categoryId: 3,
    priceCents: 6500,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    garment: 'compression-tee',
    en: {
      name: 'Second Skin Compression Top',
      description:
        'A long-sleeve compression top in a four-way stretch knit that holds its shape through every rep. Flatlock seams lie flat against the skin, mesh side panels let the heat out and the fabric dries in minutes. Fitted, not tight: it shows the work without squeezing.',
    },
    bg: {
      name: 'Компресионна блуза Second Skin',
      description:
        'Компресионна блуза с дълъг ръкав от плетиво, еластично в четири посоки, което запазва формата си през всяко повторение. Плоските шевове не търкат кожата, страничните мрежести панели извеждат топлината, а платът изсъхва за минути. Прилепва, без да стяга – показва резултата от тренировките.',
    },
    colors: [
      { name: 'Slate', hex: '#4f5760', accent: '#cdd0d4' },
      { name: 'Onyx', hex: '#151517', accent: '#8d8d93' },
      { name: 'Cobalt', hex: '#203d8a', accent: '#cfd7e8' },
    ],
  },
  {
    key: 'confidence-velocity-track-top',
    categoryId: 3,
    priceCents: 13900,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    garment: 'track-top',
    en: {
      name: 'Velocity Track Top',
      description:
        'A track top in dense, smooth tricot with a high funnel collar and a full metal zip. Contrast stripes run down the sleeves to the cuffs, and zipped side pockets keep your keys where they belong. Slim through the body, with a ribbed hem and cuffs.',
    },
    bg: {
      name: 'Горнище Velocity',
      description:
        'Спортно горнище от плътно гладко трико с висока яка и цял метален цип. Контрастни ленти се спускат по ръкавите до маншетите, а страничните джобове с цип пазят ключовете на мястото им. Прилепнала кройка в тялото, с рипсен долен ръб и маншети.',
    },
    colors: [
      { name: 'Burgundy', hex: '#5a1b27', accent: '#d9c8a9' },
      { name: 'Onyx', hex: '#141416', accent: '#e8e2d6' },
      { name: 'Cobalt', hex: '#22419a', accent: '#f0ece4' },
    ],
  },
  {
    key: 'confidence-stride-training-short',
    categoryId: 3,
    priceCents: 5900,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    garment: 'shorts',
    en: {
      name: 'Stride Training Short',
      description:
        'A 7-inch training short in a light, quick-drying stretch weave, with split side hems for a full range of movement. A wide elastic waistband with an inner drawcord, deep side pockets and a zipped back pocket. Built for leg day, good enough for the street.',
    },
    bg: {
      name: 'Шорти Stride',
      description:
        'Тренировъчни шорти с 18-сантиметров крачол от лека, бързосъхнеща еластична тъкан, със странични цепки за пълна свобода на движението. Широк ластичен колан с вътрешна връзка, дълбоки странични джобове и заден джоб с цип. Направени за деня на краката, но стоят добре и на улицата.',
    },
    colors: [
      { name: 'Olive', hex: '#53573c', accent: '#e3dccb' },
      { name: 'Onyx', hex: '#161618', accent: '#c9c3b8' },
      { name: 'Slate', hex: '#4f5760', accent: '#e6e1d8' },
    ],
  },
  {
    key: 'confidence-statement-graphic-tee',
    categoryId: 3,
    priceCents: 5500,
    sizes: ['XS', 'S', 'M', 'L', 'XL', 'XXL'],
    garment: 'tee',
    en: {
      name: 'Statement Graphic Tee',
      description:
        'A boxy heavyweight tee in 260 gsm combed cotton with a dense ribbed collar that keeps its shape wash after wash. The Atelier Noir monogram is screen-printed on the chest and a large wordmark runs across the back. Dropped shoulders and a slightly cropped body.',
    },
    bg: {
      name: 'Тениска Statement',
      description:
        'Широка тениска от плътен сресан памук 260 г/м² с гъста рипсена яка, която не губи формата си и след много пранета. Монограмът на Atelier Noir е отпечатан със ситопечат на гърдите, а голям надпис минава през гърба. Спуснати рамене и леко скъсена дължина.',
    },
    colors: [
      { name: 'Bone', hex: '#e7e0d2', accent: '#1c1c1c' },
      { name: 'Onyx', hex: '#161618', accent: '#e6dfd0' },
      { name: 'Sand', hex: '#cbb794', accent: '#2b2620' },
    ],
  },
  {
    key: 'confidence-track-pant',
    categoryId: 3,
    priceCents: 10900,
    sizes: ['XS', 'S', 'M', 'L', 'XL'],
    garment: 'track-pants',
    en: {
      name: 'Confidence Track Pant',
      description:
        'The partner to the Velocity top: a straight-leg track pant in smooth tricot with contrast side stripes and ankle zips that open over trainers. Elastic waistband with a drawcord and zipped side pockets. Sits easy on the hip and moves with you.',
    },
    bg: {
      name: 'Долнище Confidence',
      description:
        'Допълва горнището Velocity: спортно долнище с прав крачол от гладко трико, контрастни странични ленти и ципове на глезена, които се отварят над маратонките. Ластичен колан с връзка и странични джобове с цип. Стои свободно на ханша и се движи с вас.',
    },
    colors: [
      { name: 'Onyx', hex: '#141416', accent: '#e8e2d6' },
      { name: 'Cobalt', hex: '#22419a', accent: '#f0ece4' },
      { name: 'Burgundy', hex: '#5a1b27', accent: '#d9c8a9' },
    ],
  },
];
