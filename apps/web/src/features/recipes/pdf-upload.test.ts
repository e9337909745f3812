import { describe, expect, it } from "vitest";
import { fileSize, MAX_PDF_BYTES, pdfFileProblem, SELECT_A_PDF } from "./pdf-upload";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("pdfFileProblem", () => {
  it("takes a PDF by its name or its type", () => {
    expect(pdfFileProblem(file("Family Cookbook.PDF", ""))).toBeNull();
    expect(pdfFileProblem(file("scan", "application/pdf"))).toBeNull();
  });

  it("asks for a PDF when there is no file or another kind of file", () => {
    expect(pdfFileProblem(undefined)).toBe(SELECT_A_PDF);
    expect(pdfFileProblem(file("recipes.txt", "text/plain"))).toBe(SELECT_A_PDF);
    expect(pdfFileProblem(file("recipes.pdf.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"))).toBe(
      SELECT_A_PDF,
    );
  });

  it("refuses a file over 20 MB before sending it", () => {
    expect(pdfFileProblem(file("big.pdf", "application/pdf", MAX_PDF_BYTES))).toBeNull();
    expect(pdfFileProblem(file("big.pdf", "application/pdf", MAX_PDF_BYTES + 1))).toBe("The PDF is larger than 20 MB");
  });
});

describe("fileSize", () => {
  it("reads as a cook would", () => {
    expect(fileSize(200)).toBe("1 KB");
    expect(fileSize(840 * 1024)).toBe("840 KB");
    expect(fileSize(3.24 * 1024 * 1024)).toBe("3.2 MB");
    expect(fileSize(15 * 1024 * 1024)).toBe("15 MB");
  });
});
