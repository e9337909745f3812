import { describe, expect, it } from "vitest";
import { answerError } from "./uploads";

describe("answerError", () => {
  it("is the server's message when it sent one", () => {
    expect(answerError(400, "Bad Request", '{"message":"Please select a PDF file","code":"BAD_REQUEST"}').message).toBe(
      "Please select a PDF file",
    );
  });

  it("is status and body otherwise, and keeps a 401 recognisable as a lost session", () => {
    expect(answerError(502, "Bad Gateway", "<html>down</html>").message).toBe("502: <html>down</html>");
    expect(answerError(500, "Internal Server Error", "").message).toBe("500: Internal Server Error");
    expect(answerError(401, "Unauthorized", '{"message":"Unauthorized"}').message).toBe("401: Unauthorized");
  });
});
