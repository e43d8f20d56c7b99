#!/usr/bin/env node
/**
 * Renders legal/terms.md and legal/privacy.md to public/legal/terms.pdf and privacy.pdf.
 *
 * Reproducible: the document dates are fixed (and pdfkit derives the file ID from them), only the
 * built-in Helvetica fonts are used (nothing embedded), and no random values are written — the same
 * Markdown gives byte-identical PDFs on every run.
 *
 * Supported Markdown: `#`/`##`/`###` headings, paragraphs (consecutive lines), `- ` bullet lists.
 * Email addresses become mailto links.
 */
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import PDFDocument from 'pdfkit';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'public', 'legal');

/** Fixed document dates: the "Last updated" date of the texts. Change with the texts. */
const DOCUMENT_DATE = new Date('2025-06-01T00:00:00.000Z');

const documents = [
  { source: 'legal/terms.md', output: 'terms.pdf', subject: 'Terms and Conditions of the Fantasy Cricket service' },
  { source: 'legal/privacy.md', output: 'privacy.pdf', subject: 'How Fantasy Cricket handles personal data' },
];

const colors = { brand: '#0e3b23', accent: '#f2b705', text: '#14231a', muted: '#4a5a50', link: '#0d6431' };
const EMAIL = /([A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/;

/** Markdown → blocks: {type: 'h1'|'h2'|'h3'|'p'|'list', text|items}. */
function parse(markdown) {
  const blocks = [];
  let paragraph = [];
  let list = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'p', text: paragraph.join(' ') });
    if (list) blocks.push({ type: 'list', items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ type: `h${heading[1].length}`, text: heading[2] });
    } else if (line.startsWith('- ')) {
      if (paragraph.length) {
        blocks.push({ type: 'p', text: paragraph.join(' ') });
        paragraph = [];
      }
      list ??= [];
      list.push(line.slice(2));
    } else if (list) {
      // A continuation line of the last bullet.
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

function ensureRoom(doc, height) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** A paragraph whose email addresses are mailto links. */
function richText(doc, text, options = {}) {
  const parts = text.split(EMAIL).filter((part) => part !== '');
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    const isEmail = EMAIL.test(part) && part.match(EMAIL)[0] === part;
    doc.fillColor(isEmail ? colors.link : (options.color ?? colors.text)).text(part, {
      ...options,
      continued: !last,
      link: isEmail ? `mailto:${part}` : null,
      underline: isEmail,
    });
  });
}

function render(blocks, doc) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  for (const block of blocks) {
    switch (block.type) {
      case 'h1':
        doc.font('Helvetica-Bold').fontSize(24).fillColor(colors.brand).text(block.text, { width });
        doc
          .moveTo(doc.page.margins.left, doc.y + 6)
          .lineTo(doc.page.margins.left + 56, doc.y + 6)
          .lineWidth(3)
          .strokeColor(colors.accent)
          .stroke();
        doc.moveDown(1.2);
        break;
      case 'h2':
      case 'h3':
        ensureRoom(doc, 72);
        doc.moveDown(0.6);
        doc
          .font('Helvetica-Bold')
          .fontSize(block.type === 'h2' ? 14 : 12)
          .fillColor(colors.brand)
          .text(block.text, { width });
        doc.moveDown(0.35);
        break;
      case 'p': {
        const muted = /^Last updated:/.test(block.text);
        doc.font(muted ? 'Helvetica-Oblique' : 'Helvetica').fontSize(muted ? 9.5 : 10.5);
        richText(doc, block.text, { width, align: 'left', lineGap: 2.5, color: muted ? colors.muted : colors.text });
        doc.moveDown(0.7);
        break;
      }
      case 'list':
        doc.font('Helvetica').fontSize(10.5).fillColor(colors.text);
        doc.list(block.items, {
          width: width - 14,
          bulletRadius: 2,
          bulletIndent: 4,
          textIndent: 14,
          lineGap: 2.5,
          paragraphGap: 3,
        });
        doc.moveDown(0.7);
        break;
      default:
        throw new Error(`Unknown block ${block.type}`);
    }
  }
}

/** Brand bar on top and "Fantasy Cricket — Title · Page n of m" at the bottom of every page. */
function decoratePages(doc, title) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const { width, height, margins } = doc.page;
    doc.rect(0, 0, width, 8).fill(colors.brand);
    doc.rect(0, 8, width, 2).fill(colors.accent);
    const bottom = margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(colors.muted)
      .text(`Fantasy Cricket — ${title} · Page ${i + 1} of ${range.count}`, margins.left, height - 40, {
        width: width - margins.left - margins.right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

function build({ source, output, subject }) {
  const markdown = readFileSync(join(root, source), 'utf8');
  const blocks = parse(markdown);
  const title = blocks.find((b) => b.type === 'h1')?.text ?? 'Fantasy Cricket';
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    compress: true,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `${title} — Fantasy Cricket`,
      Author: 'Fantasy Cricket Ltd',
      Subject: subject,
      Keywords: 'fantasy cricket, legal',
      Creator: 'Fantasy Cricket build-legal-pdfs',
      Producer: 'PDFKit',
      CreationDate: DOCUMENT_DATE,
      ModDate: DOCUMENT_DATE,
    },
  });
  const target = join(outDir, output);
  const done = new Promise((resolve, reject) => {
    const stream = createWriteStream(target);
    stream.on('finish', resolve);
    stream.on('error', reject);
    doc.pipe(stream);
  });
  render(blocks, doc);
  decoratePages(doc, title);
  doc.end();
  return done.then(() => target);
}

mkdirSync(outDir, { recursive: true });
const written = await Promise.all(documents.map(build));
for (const file of written) console.log(`legal: wrote ${file.slice(root.length + 1)}`);
