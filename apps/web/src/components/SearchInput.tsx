import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The rounded search box of the image lists; the placeholder doubles as its accessible name. */
export function SearchInput({
  placeholder,
  value,
  onChange,
}: {
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      flex={1}
      radius="xl"
      leftSection={<IconSearch size={16} aria-hidden />}
      placeholder={placeholder}
      aria-label={placeholder.replace(/\.+$/, '')}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
