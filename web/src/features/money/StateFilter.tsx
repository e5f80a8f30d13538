import { SegmentedControl } from '@mantine/core';

/**
 * Which of a money list to show (Open, Paid, All; Owed, Paid, All): the first choice is the
 * page's default and no search parameter, the others `?state=`.
 */
export function StateFilter<First extends string>(props: {
  label: string;
  value: First | 'paid' | 'all';
  first: { value: First; label: string };
  onChange: (state: 'paid' | 'all' | undefined) => void;
}) {
  return (
    <SegmentedControl
      aria-label={props.label}
      value={props.value}
      onChange={(value: string) => props.onChange(value === 'paid' || value === 'all' ? value : undefined)}
      data={[props.first, { value: 'paid', label: 'Paid' }, { value: 'all', label: 'All' }]}
      style={{ alignSelf: 'start' }}
    />
  );
}
