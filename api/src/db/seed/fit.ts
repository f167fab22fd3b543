/**
 * Size and fit of the demo catalogue (issue 31), by the product's key in catalogue.ts: a style
 * code, the fit and a note in both languages, the model's height and size, and the garment's own
 * measurements per size. The measurements are cut from one body chart (6 cm between sizes) plus the
 * ease the fit type is cut for (`EASE_CM` in the contract), so "Find my size" reads them as a
 * pattern cutter would.
 */
import { EASE_CM, type Fit, type FitType, type Measurement, type Size } from '@shop/contract';

/** A body chart in cm: chest, waist and hips of the wearer each size is cut for. */
const BODY: Record<Size, { chest: number; waist: number; hips: number }> = {
  XS: { chest: 84, waist: 68, hips: 90 },
  S: { chest: 90, waist: 74, hips: 96 },
  M: { chest: 96, waist: 80, hips: 102 },
  L: { chest: 102, waist: 86, hips: 108 },
  XL: { chest: 108, waist: 92, hips: 114 },
  XXL: { chest: 114, waist: 98, hips: 120 },
};
const STEP = { XS: -2, S: -1, M: 0, L: 1, XL: 2, XXL: 3 } as const satisfies Record<Size, number>;

const middle = (range: readonly [number, number]) => (range[0] + range[1]) / 2;

interface Cut {
  /** Which measurements the garment has. */
  top?: { lengthCm: number; sleeveCm?: number; lengthStep?: number };
  bottom?: { inseamCm: number; lengthCm?: number };
  /** A dress: chest, waist, hips and length. */
  dress?: { lengthCm: number };
}

function table(type: FitType, sizes: readonly Size[], cut: Cut): Measurement[] {
  const ease = EASE_CM[type];
  return sizes.map((size) => {
    const body = BODY[size];
    const step = STEP[size];
    const row: Measurement = { size };
    if (cut.top || cut.dress) row.chestCm = body.chest + middle(ease.chest);
    if (cut.bottom || cut.dress) {
      row.waistCm = body.waist + middle(ease.waist);
      row.hipsCm = body.hips + middle(ease.chest) - 4;
    }
    if (cut.top) {
      row.lengthCm = cut.top.lengthCm + step * (cut.top.lengthStep ?? 2);
      if (cut.top.sleeveCm) row.sleeveCm = cut.top.sleeveCm + step;
    }
    if (cut.dress) row.lengthCm = cut.dress.lengthCm + step;
    if (cut.bottom) {
      row.inseamCm = cut.bottom.inseamCm + step * 0.5;
      if (cut.bottom.lengthCm) row.lengthCm = cut.bottom.lengthCm + step;
    }
    return row;
  });
}

interface SeedFit {
  styleCode: string;
  type: FitType;
  note: { en: string; bg: string };
  modelHeightCm: number;
  modelSize: Size;
  cut: Cut;
}

export const SEED_FIT: Record<string, SeedFit> = {
  'elegance-noir-silk-bomber': {
    styleCode: 'AN-JKT-014',
    type: 'regular',
    note: {
      en: 'Sits at the hip with room for a knit underneath.',
      bg: 'Стига до ханша и оставя място за плетиво отдолу.',
    },
    modelHeightCm: 183,
    modelSize: 'M',
    cut: { top: { lengthCm: 64, sleeveCm: 63 } },
  },
  'elegance-tailored-wool-trouser': {
    styleCode: 'AN-TRS-021',
    type: 'slim',
    note: { en: 'Slim through the leg, sits at the natural waist.', bg: 'Тесен крачол, стои на естествената талия.' },
    modelHeightCm: 185,
    modelSize: 'M',
    cut: { bottom: { inseamCm: 81, lengthCm: 105 } },
  },
  'elegance-midnight-slip-dress': {
    styleCode: 'AN-DRS-007',
    type: 'slim',
    note: {
      en: 'Bias cut: follows the body and falls to mid-calf.',
      bg: 'Скроена по диагонал: следва тялото и стига до средата на прасеца.',
    },
    modelHeightCm: 176,
    modelSize: 'S',
    cut: { dress: { lengthCm: 118 } },
  },
  'elegance-atelier-overcoat': {
    styleCode: 'AN-CT-003',
    type: 'relaxed',
    note: {
      en: 'Cut to wear over a jacket; falls below the knee.',
      bg: 'Скроено да се носи върху сако; стига под коляното.',
    },
    modelHeightCm: 186,
    modelSize: 'L',
    cut: { top: { lengthCm: 108, sleeveCm: 65, lengthStep: 1 } },
  },
  'elegance-oversized-poplin-shirt': {
    styleCode: 'AN-SHT-011',
    type: 'oversized',
    note: {
      en: 'Dropped shoulder and a long back: take your usual size.',
      bg: 'Спуснато рамо и удължен гръб: вземете обичайния си размер.',
    },
    modelHeightCm: 178,
    modelSize: 'S',
    cut: { top: { lengthCm: 78, sleeveCm: 58 } },
  },
  'pump-cover-heavyweight-hoodie': {
    styleCode: 'AN-HD-101',
    type: 'relaxed',
    note: {
      en: 'Boxy heavyweight fleece with ribbed cuffs.',
      bg: 'Свободна кройка от плътен полар с ластични маншети.',
    },
    modelHeightCm: 184,
    modelSize: 'L',
    cut: { top: { lengthCm: 70, sleeveCm: 62 } },
  },
  'pump-cover-cropped-hoodie': {
    styleCode: 'AN-HD-102',
    type: 'regular',
    note: { en: 'Cropped to sit at the waist.', bg: 'Скъсена кройка, стига до талията.' },
    modelHeightCm: 170,
    modelSize: 'S',
    cut: { top: { lengthCm: 50, sleeveCm: 58 } },
  },
  'pump-cover-sleeveless-tee': {
    styleCode: 'AN-PC-201',
    type: 'oversized',
    note: {
      en: 'Made to cover: wide, long and deep-cut at the arm.',
      bg: 'Създадена да покрива: широка, дълга и с дълбока проймка.',
    },
    modelHeightCm: 182,
    modelSize: 'L',
    cut: { top: { lengthCm: 76 } },
  },
  'pump-cover-zip-hoodie': {
    styleCode: 'AN-HD-103',
    type: 'regular',
    note: { en: 'A classic fit with a two-way zip.', bg: 'Класическа кройка с двупосочен цип.' },
    modelHeightCm: 183,
    modelSize: 'M',
    cut: { top: { lengthCm: 68, sleeveCm: 63 } },
  },
  'pump-cover-cargo-jogger': {
    styleCode: 'AN-JG-301',
    type: 'relaxed',
    note: {
      en: 'Roomy through the thigh, tapered to a cuffed ankle.',
      bg: 'Свободни в бедрото, стеснени към маншет на глезена.',
    },
    modelHeightCm: 183,
    modelSize: 'M',
    cut: { bottom: { inseamCm: 76, lengthCm: 101 } },
  },
  'confidence-second-skin-compression': {
    styleCode: 'AN-CMP-401',
    type: 'slim',
    note: {
      en: 'Close to the skin; between sizes, take the larger.',
      bg: 'Прилепва плътно; ако сте между два размера, вземете по-големия.',
    },
    modelHeightCm: 181,
    modelSize: 'M',
    cut: { top: { lengthCm: 68, sleeveCm: 61 } },
  },
  'confidence-velocity-track-top': {
    styleCode: 'AN-TT-402',
    type: 'regular',
    note: { en: 'Athletic cut with raglan sleeves.', bg: 'Спортна кройка с ръкави реглан.' },
    modelHeightCm: 180,
    modelSize: 'M',
    cut: { top: { lengthCm: 67, sleeveCm: 62 } },
  },
  'confidence-stride-training-short': {
    styleCode: 'AN-SH-403',
    type: 'regular',
    note: { en: 'Above the knee, with an elastic drawcord waist.', bg: 'Над коляното, с ластик и връзки на талията.' },
    modelHeightCm: 182,
    modelSize: 'M',
    cut: { bottom: { inseamCm: 18, lengthCm: 46 } },
  },
  'confidence-statement-graphic-tee': {
    styleCode: 'AN-TEE-404',
    type: 'relaxed',
    note: {
      en: 'A relaxed, straight body; take your usual size.',
      bg: 'Свободна, права кройка; вземете обичайния си размер.',
    },
    modelHeightCm: 179,
    modelSize: 'M',
    cut: { top: { lengthCm: 72, sleeveCm: 22, lengthStep: 2 } },
  },
  'confidence-track-pant': {
    styleCode: 'AN-TP-405',
    type: 'regular',
    note: { en: 'Straight leg with zipped ankles.', bg: 'Прав крачол с ципове на глезените.' },
    modelHeightCm: 183,
    modelSize: 'M',
    cut: { bottom: { inseamCm: 80, lengthCm: 104 } },
  },
};

/** The demo product's style code and fit, or none for a key not listed. */
export function seedFit(key: string, sizes: readonly Size[]): { styleCode: string | null; fit: Fit | null } {
  const entry = SEED_FIT[key];
  if (!entry) return { styleCode: null, fit: null };
  return {
    styleCode: entry.styleCode,
    fit: {
      type: entry.type,
      note: entry.note,
      modelHeightCm: entry.modelHeightCm,
      modelSize: entry.modelSize,
      measurements: table(entry.type, sizes, entry.cut),
    },
  };
}
