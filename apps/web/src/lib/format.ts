const dateFormat = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const integerFormat = new Intl.NumberFormat('fr-FR');

export const formatDate = (date: Date | string) => dateFormat.format(new Date(date));
export const formatDateTime = (date: Date | string) => dateTimeFormat.format(new Date(date));
/** Thousands separators, the French way: 2 500. */
export const formatCredits = (value: number) => integerFormat.format(value);
const euroFormat = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
/** Cents as the French write euros: 20,00 €. */
export const euros = (cents: number) => euroFormat.format(cents / 100);
