import { ActionIcon, Badge, Group, Loader, Paper, Text, Tooltip } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconArrowForwardUp,
  IconCloudCheck,
  IconLayoutDashboard,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AccountMenu } from '../../../components/AccountMenu';
import { formatCredits } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/user';
import type { SaveStatus } from '../useAutosave';

const SAVE_LABELS: Record<SaveStatus, string> = {
  idle: '',
  pending: 'Modifications non enregistrées',
  saving: 'Enregistrement…',
  saved: 'Enregistré',
  error: 'Non enregistré',
};

function SaveIndicator({ status, compact }: { status: SaveStatus; compact: boolean }) {
  if (status === 'idle') return null;
  const icon =
    status === 'saving' || status === 'pending' ? (
      <Loader size={14} type={status === 'pending' ? 'dots' : 'oval'} />
    ) : status === 'saved' ? (
      <IconCloudCheck size={16} color="var(--mantine-color-teal-6)" aria-hidden />
    ) : (
      <IconAlertTriangle size={16} color="var(--mantine-color-red-6)" aria-hidden />
    );
  return (
    <Tooltip label={SAVE_LABELS[status]} disabled={!compact}>
      <Group gap={4} wrap="nowrap" data-testid="save-status" data-status={status} aria-label={SAVE_LABELS[status]}>
        {icon}
        {!compact && (
          <Text fz="xs" c="dimmed">
            {SAVE_LABELS[status]}
          </Text>
        )}
      </Group>
    </Tooltip>
  );
}

interface EditorHeaderProps {
  menu: ReactNode;
  saveStatus: SaveStatus;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  compact: boolean;
}

/** The editor's top bar: dashboard, the workflow menu, undo/redo, save state, credits and profile. */
export function EditorHeader({ menu, saveStatus, canUndo, canRedo, onUndo, onRedo, compact }: EditorHeaderProps) {
  const { data: user } = useCurrentUser();
  return (
    <Paper
      component="header"
      radius={0}
      px={compact ? 'xs' : 'md'}
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)', zIndex: 10 }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={compact ? 4 : 'xs'} wrap="nowrap" style={{ minWidth: 0 }}>
          <Tooltip label="Tableau de bord">
            <ActionIcon component={Link} to="/" variant="default" size="lg" radius="xl" aria-label="Tableau de bord">
              <IconLayoutDashboard size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {menu}
          <Tooltip label="Annuler (Ctrl+Z)">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onUndo}
              disabled={!canUndo}
              aria-label="Annuler"
            >
              <IconArrowBackUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Rétablir (Ctrl+Maj+Z)">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={onRedo}
              disabled={!canRedo}
              aria-label="Rétablir"
            >
              <IconArrowForwardUp size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <SaveIndicator status={saveStatus} compact={compact} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          {user && (
            <Badge
              component={Link}
              to="/account?tab=credits"
              variant="light"
              color="violet"
              size="lg"
              style={{ cursor: 'pointer', textTransform: 'none', flex: 'none', overflow: 'visible' }}
              data-testid="workflow-credits"
              aria-label={`${formatCredits(user.credits)} crédits`}
            >
              {formatCredits(user.credits)}
              {compact ? '' : ' crédits'}
            </Badge>
          )}
          <AccountMenu />
        </Group>
      </Group>
    </Paper>
  );
}
