import { Button, Card, Stack, Text, TextLink } from '@fantasy-cricket/ui';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Page } from '../../shared/Page/Page';
import { legalDocuments } from './documents';
import { TermsModal } from './TermsModal';

/**
 * /terms: the Terms and Conditions open in the PDF modal straight away (spec section 2). Closing it
 * goes back where the person came from, or to /landing when they arrived here directly.
 */
export function TermsPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(true);
  const doc = legalDocuments.terms;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) return;
    if (location.key !== 'default') navigate(-1);
    else navigate('/landing', { replace: true });
  };

  return (
    <Page title={doc.title} width="narrow">
      <Card>
        <Stack gap="md">
          <Text>The rules of playing Fantasy Cricket: accounts, leagues, picks, scoring and fair play.</Text>
          <Stack gap="sm" direction="row" wrap align="center">
            <Button onClick={() => setOpen(true)}>Read the Terms and Conditions</Button>
            <TextLink href={doc.src} download={doc.downloadName}>
              Download PDF
            </TextLink>
          </Stack>
        </Stack>
      </Card>
      <TermsModal open={open} onOpenChange={onOpenChange} />
    </Page>
  );
}
