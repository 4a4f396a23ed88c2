// The XML parser runs with entity processing off (no DOCTYPE tricks, no expansion bombs), so text
// arrives with its references intact. Real data carries `&amp;` and `&apos;`; we decode exactly the
// five predefined entities and numeric character references, and leave anything else as written.

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const REFERENCE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));/g;

function isAllowedCodePoint(cp: number): boolean {
  if (cp === 0x9 || cp === 0xa || cp === 0xd) return true;
  if (cp < 0x20 || cp > 0x10ffff) return false;
  return !(cp >= 0xd800 && cp <= 0xdfff) && cp !== 0xfffe && cp !== 0xffff;
}

export function decodeXmlText(text: string): string {
  if (text.indexOf('&') === -1) return text;
  return text.replace(REFERENCE, (whole, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name !== undefined) return NAMED[name] ?? whole;
    const cp = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? '', 16);
    return isAllowedCodePoint(cp) ? String.fromCodePoint(cp) : whole;
  });
}
