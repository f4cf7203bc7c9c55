import type { WorkflowNodeType } from '@atelier/catalog';
import {
  IconArrowsJoin,
  IconAspectRatio,
  IconBadgeHd,
  IconBulb,
  IconCamera,
  IconCpu,
  IconMountain,
  IconPalette,
  IconPhoto,
  IconRun,
  IconShirt,
  IconSparkles,
  IconUser,
  type Icon,
} from '@tabler/icons-react';

export const NODE_ICONS: Readonly<Record<WorkflowNodeType, Icon>> = {
  source: IconPhoto,
  style: IconPalette,
  character: IconUser,
  action: IconRun,
  environment: IconMountain,
  clothing: IconShirt,
  camera: IconCamera,
  lighting: IconBulb,
  format: IconAspectRatio,
  upscale: IconBadgeHd,
  combine: IconArrowsJoin,
  result: IconSparkles,
  render: IconCpu,
};

/** Each kind's accent colour (Mantine palette names). */
export const NODE_COLORS: Readonly<Record<WorkflowNodeType, string>> = {
  source: 'blue',
  style: 'violet',
  character: 'pink',
  action: 'orange',
  environment: 'teal',
  clothing: 'grape',
  camera: 'cyan',
  lighting: 'yellow',
  format: 'indigo',
  upscale: 'lime',
  combine: 'green',
  result: 'violet',
  render: 'dark',
};
