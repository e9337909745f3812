import { describe, expect, it } from "vitest";
import { CHOOSE_A_PHOTO, MAX_PHOTO_BYTES, photoFileProblem } from "./recipe-photo-upload";

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe("photoFileProblem", () => {
  it("takes a JPEG, PNG, WebP or GIF by its type or its name", () => {
    expect(photoFileProblem(file("IMG_0042.JPG", ""))).toBeNull();
    expect(photoFileProblem(file("dish", "image/webp"))).toBeNull();
    expect(photoFileProblem(file("dish.gif", "image/gif"))).toBeNull();
  });

  it("asks for a photo when there is no file or another kind of file", () => {
    expect(photoFileProblem(null)).toBe(CHOOSE_A_PHOTO);
    expect(photoFileProblem(file("IMG_0042.HEIC", "image/heic"))).toBe(CHOOSE_A_PHOTO);
    expect(photoFileProblem(file("recipe.pdf", "application/pdf"))).toBe(CHOOSE_A_PHOTO);
  });

  it("refuses a photo over 10 MB before sending it", () => {
    expect(photoFileProblem(file("big.jpg", "image/jpeg", MAX_PHOTO_BYTES))).toBeNull();
    expect(photoFileProblem(file("big.jpg", "image/jpeg", MAX_PHOTO_BYTES + 1))).toBe("The photo is larger than 10 MB");
  });
});
