import { workflowNameSchema } from '@atelier/catalog';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { useState } from 'react';

function NameForm({
  initial,
  onSave,
  onClose,
}: {
  initial: string;
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    const parsed = workflowNameSchema.safeParse(name);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSaving(true);
    const saved = await onSave(parsed.data);
    setSaving(false);
    if (saved) onClose();
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label="Nom du workflow"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={error}
        data-autofocus
        maxLength={120}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Annuler
        </Button>
        <Button type="submit" loading={saving}>
          Enregistrer
        </Button>
      </Group>
    </form>
  );
}

/** Renaming the workflow; `onSave` says whether the server took the name. */
export function NameModal({
  opened,
  initial,
  onSave,
  onClose,
}: {
  opened: boolean;
  initial: string;
  onSave: (name: string) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Renommer le workflow" styles={{ title: { fontWeight: 700 } }}>
      {opened && <NameForm initial={initial} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}
