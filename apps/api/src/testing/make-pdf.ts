/** A PDF made by hand: pages of lines of Helvetica text, `[x, y from the top, size, text]`. */
export function makePdf(pages: [number, number, number, string][][]): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body) + 2; // object numbers from 3; 1 is the catalog, 2 the page tree
  const font = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  const bold = add("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  const kids: number[] = [];
  for (const lines of pages) {
    const text = lines
      .map(([x, y, size, t]) => `BT /${size >= 14 ? "B" : "F"} ${size} Tf ${x} ${842 - y} Td (${t.replace(/[()\\]/g, "\\$&")}) Tj ET`)
      .join("\n");
    const content = add(`<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F ${font} 0 R /B ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  return pdfOfObjects([
    `<< /Type /Catalog /Pages 2 0 R >>`,
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(" ")}] /Count ${kids.length} >>`,
    ...objects,
  ]);
}

/** A PDF of the given objects' bodies, numbered from 1 (the first is the catalog), with its cross-reference table. */
export function pdfOfObjects(objects: string[]): Buffer {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, "latin1"));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, "latin1");
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** A page holding one recipe: a title, a servings line, 8 ingredients and 30 numbered steps. */
export const recipePage = (title: string, n: number): [number, number, number, string][] => [
  [72, 80, 20, title],
  [72, 110, 10, "Serves 4"],
  [72, 140, 12, "Ingredients"],
  ...Array.from({ length: 8 }, (_, i): [number, number, number, string] => [
    80,
    160 + i * 14,
    10,
    `- ${i + 1} cups ingredient number ${i + n}`,
  ]),
  [72, 300, 12, "Method"],
  ...Array.from({ length: 30 }, (_, i): [number, number, number, string] => [
    72,
    320 + i * 14,
    10,
    `${i + 1}. Stir the pot for ${i + 2} minutes and taste it again.`,
  ]),
];

/**
 * A one-page PDF with a line of text whose page also draws one more stream, given as its dictionary's entries and its
 * raw bytes (a hostile one, say: a deflated run of zeros). `more` are further objects, numbered from 6, for the
 * stream's entries to refer to.
 */
export function pdfWithStream(entries: string, data: Buffer, more: string[] = []): Buffer {
  const text = "BT /F 12 Tf 72 700 Td (Tomato soup) Tj ET";
  const pageNumber = 6 + more.length;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageNumber} 0 R] /Count 1 >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    `<< ${entries} /Length ${data.length} >>\nstream\n${data.toString("latin1")}\nendstream`,
    ...more,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F 3 0 R >> /XObject << /X 5 0 R >> >> /Contents [4 0 R${entries.includes("/Image") ? "" : " 5 0 R"}] >>`,
  ];
  return pdfOfObjects(objects);
}

/** Each byte its own 9-bit LZW code, with a clear code every 200 so the codes never widen; then the end code. */
export function lzwLiterals(data: Buffer): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let held = 0;
  const put = (code: number) => {
    buffer = ((buffer << 9) | code) >>> 0;
    held += 9;
    while (held >= 8) {
      out.push((buffer >>> (held - 8)) & 0xff);
      held -= 8;
    }
  };
  data.forEach((byte, i) => {
    if (i % 200 === 0) put(256);
    put(byte);
  });
  put(257);
  if (held > 0) out.push((buffer << (8 - held)) & 0xff);
  return Buffer.from(out);
}

/** Run-length data that copies each run of up to 128 bytes as written, then the end marker. */
export function runLiterals(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += 128) {
    const run = data.subarray(at, at + 128);
    parts.push(Buffer.from([run.length - 1]), run);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
}
