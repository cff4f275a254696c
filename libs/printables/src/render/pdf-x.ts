/**
 * Prepress marking of the PDFs a print shop receives: PDF/X-4 with an sRGB output intent (the
 * page painters work in sRGB, so that is the colour the RIP should assume), the XMP and Info
 * entries that declare it, and font subset names made unique across the file (Skia names every
 * page's subsets AAAAAA+, BAAAAA+, …: merged pages would give one name to different glyph sets,
 * which RIPs and imposition tools that merge fonts by name get wrong).
 */
import { createHash } from 'node:crypto';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRef, PDFString } from 'pdf-lib';
import sharp from 'sharp';

export const PDF_X_VERSION = 'PDF/X-4';
export const OUTPUT_CONDITION = 'sRGB IEC61966-2.1';

let srgbProfile: Promise<Buffer> | null = null;

/** The sRGB ICC profile libvips embeds (the same one graphics carry). */
function srgbIcc(): Promise<Buffer> {
  srgbProfile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#ffffff' } })
    .withIccProfile('srgb')
    .png()
    .toBuffer()
    .then(async (png) => {
      const { icc } = await sharp(png).metadata();
      if (!icc) throw new Error('libvips gave no sRGB profile');
      return icc;
    });
  return srgbProfile;
}

/** The finished document declared PDF/X-4 with an sRGB output intent, saved. */
export async function savePdfX4(doc: PDFDocument, title: string): Promise<Uint8Array> {
  await markPdfX4(doc, title);
  const bytes = await doc.save({ useObjectStreams: false });
  // PDF/X-4 is built on PDF 1.6; pdf-lib always writes a 1.7 header (same length: offsets hold)
  const header = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  if (header !== '%PDF-1.7') throw new Error(`unexpected PDF header ${header}`);
  bytes.set(Buffer.from('%PDF-1.6', 'latin1'), 0);
  return bytes;
}

async function markPdfX4(doc: PDFDocument, title: string): Promise<void> {
  const context = doc.context;
  const now = new Date(Math.floor(Date.now() / 1000) * 1000);
  doc.setTitle(title);
  doc.setCreationDate(now);
  doc.setModificationDate(now);
  const info = context.lookup(context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('GTS_PDFXVersion'), PDFString.of(PDF_X_VERSION));
  info.set(PDFName.of('Trapped'), PDFName.of('False'));

  const icc = await srgbIcc();
  const profile = context.register(context.flateStream(icc, { N: 3 }));
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFX',
    OutputConditionIdentifier: PDFString.of(OUTPUT_CONDITION),
    RegistryName: PDFString.of('http://www.color.org'),
    Info: PDFString.of(OUTPUT_CONDITION),
    DestOutputProfile: profile,
  });
  doc.catalog.set(PDFName.of('OutputIntents'), context.obj([intent]));

  const id = createHash('md5').update(title).update(String(doc.getPageCount())).digest('hex');
  const metadata = context.stream(xmp(title, id, now), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), context.register(metadata));
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
  uniqueSubsetNames(doc);
}

/** XMP packet of the document; its dates match the Info dictionary's, as PDF/X requires. */
function xmp(title: string, id: string, now: Date): string {
  const date = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const escaped = title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:dc="http://purl.org/dc/elements/1.1/"
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:pdf="http://ns.adobe.com/pdf/1.3/"
    xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"
    xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/">
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escaped}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>${date}</xmp:CreateDate>
   <xmp:ModifyDate>${date}</xmp:ModifyDate>
   <xmp:MetadataDate>${date}</xmp:MetadataDate>
   <xmp:CreatorTool>Caddie printables</xmp:CreatorTool>
   <pdf:Producer>Caddie (Skia PDF, pdf-lib)</pdf:Producer>
   <pdf:Trapped>False</pdf:Trapped>
   <xmpMM:DocumentID>uuid:${uuidOf(id)}</xmpMM:DocumentID>
   <xmpMM:InstanceID>uuid:${uuidOf(id)}</xmpMM:InstanceID>
   <xmpMM:VersionID>1</xmpMM:VersionID>
   <xmpMM:RenditionClass>default</xmpMM:RenditionClass>
   <pdfxid:GTS_PDFXVersion>${PDF_X_VERSION}</pdfxid:GTS_PDFXVersion>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

function uuidOf(hex: string): string {
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

const SUBSET = /^[A-Z]{6}\+/;

/**
 * Gives every embedded font program its own six-letter subset tag (the same program keeps one
 * tag), and every font dictionary the tag of the program it uses.
 */
export function uniqueSubsetNames(doc: PDFDocument): void {
  const context = doc.context;
  const tags = new Map<string, string>();
  const tagOf = (descriptor: PDFRef | PDFDict) => {
    const key = descriptor instanceof PDFRef ? descriptor.toString() : String(tags.size);
    let tag = tags.get(key);
    if (!tag) {
      tag = subsetTag(tags.size);
      tags.set(key, tag);
    }
    return tag;
  };
  const rename = (dict: PDFDict, key: 'BaseFont' | 'FontName', tag: string) => {
    const name = dict.get(PDFName.of(key));
    if (name instanceof PDFName && SUBSET.test(name.decodeText())) dict.set(PDFName.of(key), PDFName.of(`${tag}+${name.decodeText().slice(7)}`));
  };
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    const descendants = object.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray);
    const cidFont = descendants ? descendants.lookup(0, PDFDict) : null;
    const owner = cidFont ?? object;
    const descriptorRef = owner.get(PDFName.of('FontDescriptor'));
    if (!(descriptorRef instanceof PDFRef)) continue;
    const tag = tagOf(descriptorRef);
    rename(object, 'BaseFont', tag);
    if (cidFont) rename(cidFont, 'BaseFont', tag);
    rename(context.lookup(descriptorRef, PDFDict), 'FontName', tag);
  }
}

/** AAAAAA, BAAAAA, … ZAAAAA, ABAAAA, …: six letters, distinct for each index. */
function subsetTag(index: number): string {
  let tag = '';
  let n = index;
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (n % 26));
    n = Math.floor(n / 26);
  }
  return tag;
}
