import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { ConfirmPopover } from '../../components/ConfirmPopover';

interface ConfirmDeleteButtonProps {
  /** The button's accessible name. */
  label: string;
  question: string;
  onConfirm: () => void;
}

/** A bin icon that asks before deleting. */
export function ConfirmDeleteButton({ label, question, onConfirm }: ConfirmDeleteButtonProps) {
  return (
    <ConfirmPopover
      question={question}
      onConfirm={onConfirm}
      target={(toggle) => (
        <ActionIcon variant="default" size={26} aria-label={label} onClick={toggle} className="gallery-card-action">
          <IconTrash size={15} color="var(--mantine-color-red-6)" aria-hidden />
        </ActionIcon>
      )}
    />
  );
}
