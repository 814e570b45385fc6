/**
 * The two PDF facts the sandbox needs: whether a byte stream looks like a PDF (checked while
 * streaming, without keeping the file), and small generated PDFs for seeded and generated documents.
 */

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_TRAILER = '%%EOF';
/** How far from the end `%%EOF` may sit; writers append line breaks and sometimes padding. */
const TRAILER_WINDOW = 1024;

/** Watches the chunks of one file go by and says whether they form a PDF. */
export class PdfSniffer {
  private head: Buffer = Buffer.alloc(0);
  private tail: Buffer = Buffer.alloc(0);

  update(chunk: Buffer): void {
    if (this.head.length < PDF_HEADER.length) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, PDF_HEADER.length - this.head.length)]);
    }
    const joined = chunk.length >= TRAILER_WINDOW ? chunk : Buffer.concat([this.tail, chunk]);
    this.tail = joined.subarray(Math.max(0, joined.length - TRAILER_WINDOW));
  }

  isPdf(): boolean {
    return this.head.equals(PDF_HEADER) && this.tail.toString('latin1').includes(PDF_TRAILER);
  }
}

export function looksLikePdf(bytes: Buffer): boolean {
  const sniffer = new PdfSniffer();
  sniffer.update(bytes);
  return sniffer.isPdf();
}

/** A one-page A4 PDF showing a title and text lines (Latin-1, so German text renders). */
export function renderPdf(title: string, lines: readonly string[]): Buffer {
  const text = [
    'BT /F1 16 Tf 56 780 Td',
    `(${escapeText(title)}) Tj`,
    '/F1 10 Tf 0 -28 Td 14 TL',
    ...lines.map((line) => `(${escapeText(line)}) '`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** PDF string literal escaping; characters outside Latin-1 become '?'. */
function escapeText(value: string): string {
  return value.replace(/[^\x20-\xff]/g, '?').replace(/[\\()]/g, (char) => `\\${char}`);
}
