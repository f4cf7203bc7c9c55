import { prepareSchemaTemplate } from '../../src/testing';

/** Vitest's global setup: one migrated MySQL schema for the run's test databases to copy. */
export default async function setup(): Promise<() => Promise<void>> {
  const template = await prepareSchemaTemplate();
  return async () => {
    await template?.drop();
  };
}
