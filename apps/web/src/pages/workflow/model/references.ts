import { REFERENCE_SLOT_IDS, type ReferenceSlotId, type WorkflowDocument } from '@atelier/catalog';

export type ReferenceImages = WorkflowDocument['referenceImages'];

/** The four reference slots: French label and the importance a new picture starts with. */
export const REFERENCE_SLOTS: readonly { id: ReferenceSlotId; label: string; hint: string; importance: number }[] = [
  { id: 'face', label: 'Visage', hint: 'Le visage à reprendre', importance: 0.8 },
  { id: 'body', label: 'Corps', hint: 'La silhouette, la posture', importance: 0.7 },
  { id: 'environment', label: 'Environnement', hint: 'Le décor à reproduire', importance: 0.6 },
  { id: 'style', label: 'Style', hint: "L'ambiance visuelle", importance: 0.5 },
];

export const defaultImportance = (slot: ReferenceSlotId) =>
  REFERENCE_SLOTS.find((each) => each.id === slot)?.importance ?? 1;

/** The importance each slot shows: the saved one, else its default. */
export function importances(references: ReferenceImages): Record<ReferenceSlotId, number> {
  return Object.fromEntries(
    REFERENCE_SLOT_IDS.map((slot) => [slot, references[slot]?.importance ?? defaultImportance(slot)]),
  ) as Record<ReferenceSlotId, number>;
}

/** The references to save: each picture with the importance its slider shows. */
export function withImportances(
  images: Partial<Record<ReferenceSlotId, string>>,
  weights: Record<ReferenceSlotId, number>,
): ReferenceImages {
  const references: ReferenceImages = {};
  for (const slot of REFERENCE_SLOT_IDS) {
    const image = images[slot];
    if (image) references[slot] = { image, importance: weights[slot] };
  }
  return references;
}
