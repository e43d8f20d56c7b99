import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, screen, waitFor } from 'storybook/test';
import { Button } from '../Button/Button';
import { FormErrorSummary } from '../FormErrorSummary/FormErrorSummary';
import { Modal } from '../Modal/Modal';
import { TextField } from '../TextField/TextField';
import { oneOf } from '../../docs/DoDont';
import { FormStatus, formStatusKinds } from './FormStatus';

const meta = {
  title: 'Forms/FormStatus',
  component: FormStatus,
  tags: ['autodocs'],
  args: { message: 'Features and Points configuration saved successfully!', kind: 'success' },
  argTypes: {
    kind: {
      control: 'inline-radio',
      options: formStatusKinds,
      table: { type: oneOf(formStatusKinds), defaultValue: { summary: "'success'" } },
    },
  },
} satisfies Meta<typeof FormStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('saved successfully!');
  },
};

export const Info: Story = {
  args: { kind: 'info', message: 'The player counts are final: they can no longer be changed.' },
};

export const Empty: Story = {
  args: { message: '' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Whether `el` lies inside the viewport and inside the visible part of every scrolling ancestor. */
function inView(el: Element): boolean {
  const box = el.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) return false;
  for (let up = el.parentElement; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (!/(auto|scroll|hidden)/.test(style.overflowY)) continue;
    const outer = up.getBoundingClientRect();
    if (box.top < outer.top - 1 || box.bottom > outer.bottom + 1) return false;
  }
  return true;
}

function LongDialog() {
  const [open, setOpen] = useState(true);
  const [message, setMessage] = useState('');
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="League Configuration - Match Prediction"
        footer={
          <Button onClick={() => setMessage('Features and Points configuration saved successfully!')}>Save</Button>
        }
      >
        <FormStatus message={message} />
        {Array.from({ length: 14 }, (_, i) => (
          <TextField key={i} label={`Points for feature ${i + 1}`} defaultValue="10" />
        ))}
      </Modal>
    </>
  );
}

/**
 * A dialog scrolled to its end on a phone: Save (in the footer) shows the message at the top of the
 * body, which scrolls back so the person sees it without scrolling. The page behind does not move.
 */
export const InAScrolledDialog: Story = {
  name: 'In a scrolled dialog (390px)',
  render: () => <LongDialog />,
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: { docs: { story: { inline: false, height: '600px' } } },
  play: async ({ userEvent }) => {
    const dialog = await screen.findByRole('dialog');
    const last = screen.getByLabelText('Points for feature 14');
    last.scrollIntoView({ block: 'end' });
    await waitFor(() => expect(inView(last)).toBe(true));
    const pageScroll = window.scrollY;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const status = await screen.findByRole('status');
    await expect(dialog).toContainElement(status);
    await waitFor(() => expect(inView(status)).toBe(true));
    await expect(window.scrollY).toBe(pageScroll);
  },
};

function LongForm() {
  const [error, setError] = useState('');
  return (
    <div>
      <header
        style={{
          position: 'sticky',
          top: 0,
          height: 64,
          background: 'var(--fcl-header, #234)',
          color: '#fff',
          zIndex: 1,
        }}
      >
        Header
      </header>
      <form
        style={{ display: 'grid', gap: 16, padding: 16 }}
        onSubmit={(event) => {
          event.preventDefault();
          setError('This league code does not exist.');
        }}
      >
        <FormErrorSummary message={error} />
        {Array.from({ length: 14 }, (_, i) => (
          <TextField key={i} label={`Field ${i + 1}`} />
        ))}
        <Button type="submit">Join Private League</Button>
      </form>
    </div>
  );
}

/** A long page form: the error at its top scrolls into view below the sticky header when it appears. */
export const ErrorOnALongPage: Story = {
  name: 'Error on a long page (390px)',
  render: () => <LongForm />,
  globals: { viewport: { value: 'mobile390', isRotated: false } },
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '600px' } } },
  play: async ({ canvas, userEvent }) => {
    const submit = canvas.getByRole('button', { name: 'Join Private League' });
    submit.scrollIntoView({ block: 'end' });
    await waitFor(() => expect(window.scrollY).toBeGreaterThan(200));
    await userEvent.click(submit);
    const alert = await canvas.findByRole('alert');
    await waitFor(() => expect(inView(alert)).toBe(true));
    // Below the 64px sticky header, not under it.
    await expect(alert.getBoundingClientRect().top).toBeGreaterThanOrEqual(64);
  },
};
