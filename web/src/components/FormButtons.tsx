import { Button, Group } from '@mantine/core';

/** Cancel and the form's one submit button, at the end of a dialog's form. */
export function FormButtons(props: {
  onCancel: () => void;
  submitting: boolean;
  submit: string;
  disabled?: boolean;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={props.onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={props.submitting} disabled={props.disabled}>
        {props.submit}
      </Button>
    </Group>
  );
}
