import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen } from 'storybook/test';
import { Button } from '../Button/Button';
import { PdfViewerModal, type PdfViewerModalProps } from './PdfViewerModal';

// A tiny one-page PDF so the story works offline.
const SAMPLE_PDF = `data:application/pdf;base64,${btoa(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj 4 0 obj<</Length 62>>stream\nBT /F1 24 Tf 72 700 Td (Fantasy Cricket - Terms and Conditions) Tj ET\nendstream endobj 5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF',
)}`;

function Demo(props: Omit<PdfViewerModalProps, 'open'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="link" onClick={() => setOpen(true)}>
        Terms and Conditions
      </Button>
      <PdfViewerModal
        {...props}
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          props.onOpenChange(next);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Overlays/PdfViewerModal',
  component: PdfViewerModal,
  tags: ['autodocs'],
  args: {
    open: false,
    onOpenChange: fn(),
    title: 'Terms and Conditions',
    src: SAMPLE_PDF,
    downloadName: 'Terms-and-Conditions.pdf',
  },
  argTypes: {
    className: { description: 'Class for the dialog panel.' },

    open: { description: 'Whether the viewer is shown (controlled).', table: { type: { summary: 'boolean' } } },
    onOpenChange: {
      description: 'Called with `false` by Escape and the close button.',
      table: { type: { summary: '(open: boolean) => void' } },
    },
    title: {
      description: 'The document name; the dialog heading and accessible name.',
      table: { type: { summary: 'ReactNode' } },
    },
    src: { control: false },
  },
  render: (args) => <Demo {...args} />,
} satisfies Meta<typeof PdfViewerModal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    const download = screen.getByRole('link', { name: 'Download PDF' });
    await expect(download).toHaveAttribute('download', 'Terms-and-Conditions.pdf');
    await expect(dialog.querySelector('object[type="application/pdf"]')).not.toBeNull();
  },
};

/** Open without a play function, in its own frame (shown on the docs page). */
export const Open: Story = {
  tags: ['!dev', '!autodocs'],
  args: { open: true },
  parameters: { docs: { story: { inline: false, height: '560px' } } },
  render: (args) => <PdfViewerModal {...args} />,
  play: async () => {
    await expect(await screen.findByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
  },
};

export const Mobile: Story = {
  ...Default,
  globals: { viewport: { value: 'mobile390', isRotated: false } },
};
