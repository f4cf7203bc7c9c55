import type { Ref } from 'react';

interface ImageFileInputProps {
  ref: Ref<HTMLInputElement>;
  /** The picked file, unchecked (the studio's `checkImageFile` says what is wrong with it). */
  onFile: (file: File) => void;
  /** 'environment' opens the back camera on phones. */
  capture?: 'environment' | 'user';
  'data-testid'?: string;
}

/** A hidden image picker, opened by clicking it through its ref from a visible button. */
export function ImageFileInput({ ref, onFile, capture, 'data-testid': testId }: ImageFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept="image/*"
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
