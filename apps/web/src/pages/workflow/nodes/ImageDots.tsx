/** One dot per picture, the shown one highlighted; a tap shows another. */
export function ImageDots({
  count,
  index,
  onSelect,
  className = '',
  testId,
}: {
  count: number;
  index: number;
  onSelect: (index: number) => void;
  className?: string;
  testId: string;
}) {
  if (count < 2) return null;
  return (
    <div className={`workflow-dots ${className}`} data-testid={testId}>
      {Array.from({ length: count }, (_, each) => (
        <button
          key={each}
          type="button"
          className="workflow-dot"
          aria-label={`Afficher l'image ${each + 1} sur ${count}`}
          aria-current={each === index}
          onClick={() => onSelect(each)}
        />
      ))}
    </div>
  );
}
