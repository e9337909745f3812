import { describe, expect, it } from "vitest";
import { asRole, asStatus, reportedLabel, statusLabel } from "./labels";

describe("reportedLabel", () => {
  it("writes the date as 'Jan 5, 2025', in English whatever the locale", () => {
    expect(reportedLabel(new Date(2025, 0, 5, 12).toISOString())).toBe("Reported Jan 5, 2025");
  });

  it("says Unknown without a readable date", () => {
    for (const value of [null, undefined, "", "not a date"]) expect(reportedLabel(value)).toBe("Reported Unknown");
  });
});

describe("select values", () => {
  it("are read back as the domain's role and status, anything else as the default", () => {
    expect(asRole("admin")).toBe("admin");
    expect(asRole("owner")).toBe("user");
    expect(asStatus("in-progress")).toBe("in-progress");
    expect(asStatus("done")).toBe("open");
  });

  it("label a known status as the select does, and show another as written", () => {
    expect(statusLabel("in-progress")).toBe("In Progress");
    expect(statusLabel("wont-fix")).toBe("wont-fix");
  });
});
