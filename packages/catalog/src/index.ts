export * from './client-text';
export * from './forms';
export * from './api-tokens';
export * from './limits';
export * from './offers';
export * from './terms';
export * from './categories';
export type { CatalogOption } from './option';
export { QUICK_STYLES } from './options/style';
export {
  ACTION_GROUPS,
  getActionGroup,
  type ActionGroup,
  type ActionGroupId,
  type ActionSubcategory,
} from './options/action-groups';
export type { Dimensions, FormatKind, FormatOption } from './options/format';
export type { UpscaleOption } from './options/upscale';
export * from './catalog';
export * from './local-engine';
export * from './local-verdicts';
export * from './find-options';
export * from './workflow-catalog';
export * from './workflow-graph';
export * from './colors';
export * from './luminance';
export * from './components';
export * from './prompts';
export * from './schemas';
export * from './pricing';
