import type { Ref } from 'react';

interface HiddenFileInputProps {
  ref: Ref<HTMLInputElement>;
  /** The picked file, unchecked: the caller says what is wrong with it. */
  onFile: (file: File) => void;
  /** What the picker offers; pictures unless told. */
  accept?: string;
  /** 'environment' opens the back camera on phones. */
  capture?: 'environment' | 'user';
  'data-testid'?: string;
}

/** A hidden file picker, opened by clicking it through its ref from a visible button. */
export function HiddenFileInput({
  ref,
  onFile,
  accept = 'image/*',
  capture,
  'data-testid': testId,
}: HiddenFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      capture={capture}
      hidden
      data-testid={testId}
      onChange={(event) => {
        const file = event.currentTarget.files?.[0];
        event.currentTarget.value = ''; // the same file chosen again still counts as a choice
        if (file) onFile(file);
      }}
    />
  );
}
