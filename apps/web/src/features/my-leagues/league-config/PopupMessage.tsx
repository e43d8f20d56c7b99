import { FormErrorSummary, FormStatus } from '@fantasy-cricket/ui';

export type PopupStatus = { kind: 'success' | 'error'; text: string } | null;

/**
 * Success and error messages shown inside a popup (spec: "Success and error messages shown in the
 * popup"). The kit's boxes scroll the popup's body to show themselves when they appear, so the
 * message is in view after pressing a footer button of a scrolled popup on a phone.
 */
export function PopupMessage({ status }: { status: PopupStatus }) {
  if (!status) return null;
  if (status.kind === 'error') return <FormErrorSummary message={status.text} />;
  return <FormStatus message={status.text} />;
}
