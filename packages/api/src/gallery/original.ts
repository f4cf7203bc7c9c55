import { GalleryItem, type EntityManager } from '@atelier/db';

/** The picture one of the owner's gallery results was made from: the studio's "before" after a reload. */
export async function originalOf(
  em: EntityManager,
  ownerId: number,
  transformedImagePath: string,
): Promise<string | null> {
  const item = await em.findOne(
    GalleryItem,
    { owner: ownerId, transformedImagePath },
    { fields: ['originalImagePath'] },
  );
  return item?.originalImagePath ?? null;
}
